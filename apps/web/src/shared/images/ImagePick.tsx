import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { FieldError } from '../ui/FormFields';
import { useImagePick, type ImageUpload } from './image-upload';
import './image-pick.css';

/** What the picker says, in the screen's own words (translated). */
export interface ImagePickWords {
  /** The image's name: the preview's alt text. */
  image: string;
  add: string;
  replace: string;
  remove: string;
  /** Under "add" until an image is there: the formats and the size. */
  hint: string;
  compressing: string;
  uploading: string;
}

/**
 * An image added to a form (a receipt): a tile to pick it, which compresses and uploads it
 * (image-upload.ts); once there, its thumbnail with a remove button beside the tile, which then
 * replaces it. `error` (the image is required) outlines the tile in red and shows under it.
 * `${testId}-input` is the file input, `${testId}-preview` the thumbnail.
 */
export function ImagePick({
  upload,
  onChange,
  words,
  testId,
  error,
  className,
}: {
  upload: ImageUpload;
  onChange: (upload: ImageUpload) => void;
  words: ImagePickWords;
  testId: string;
  error?: string | null;
  /** The screen's own class: it may set --k-image-pick-height, the empty tile's height (112 px). */
  className?: string;
}) {
  const inputId = useId();
  const pick = useImagePick(onChange);
  const ready = upload.state === 'ready';
  return (
    <div
      className={`k-image-pick${error ? ' k-image-pick--missing' : ''}${ready ? ' k-image-pick--ready' : ''}${className ? ` ${className}` : ''}`}
    >
      {ready ? (
        <div className="k-image-pick__preview">
          <img
            src={upload.preview}
            alt={words.image}
            className="k-image-pick__image"
            data-testid={`${testId}-preview`}
          />
          <button
            type="button"
            className="k-image-pick__remove"
            onClick={() => onChange({ state: 'none' })}
            aria-label={words.remove}
          >
            <CloseOutline />
          </button>
        </div>
      ) : null}
      <label className="k-image-pick__tile" htmlFor={inputId} aria-busy={upload.state === 'working' || undefined}>
        {upload.state === 'working' ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <PictureOutline className="k-image-pick__icon" aria-hidden="true" />
        )}
        <span className="k-image-pick__label">
          {upload.state === 'working'
            ? upload.step === 'compressing'
              ? words.compressing
              : words.uploading
            : ready
              ? words.replace
              : words.add}
        </span>
        {ready ? null : <span className="k-image-pick__hint">{words.hint}</span>}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          data-testid={`${testId}-input`}
          disabled={upload.state === 'working'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void pick(file);
          }}
        />
      </label>
      <FieldError message={error} />
    </div>
  );
}
