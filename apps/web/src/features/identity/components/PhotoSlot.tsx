import { CameraOutline, CheckCircleFill, PictureWrongOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../shared/ui/FormFields';
import { usePrivateImage } from '../api/private-image';
import { PhotoIllustration, type PhotoKind } from './Illustrations';
import type { Photo } from './use-photo-upload';

/**
 * One photo a verification needs: a framed slot with a picture of what to photograph and its caption
 * under it. A tap picks a photo (camera or library); while it is compressed and uploaded a spinner
 * covers the slot; once uploaded it fills the slot with a check, and a tap replaces it. `error` (missing,
 * refused, failed) shows under the slot.
 */
export function PhotoSlot({
  caption,
  art,
  photo,
  error,
  onPick,
  testId,
  wide = false,
}: {
  caption: string;
  art: PhotoKind;
  photo: Photo;
  error?: string | null;
  onPick: (file: File) => void;
  testId: string;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const working = photo.state === 'working';
  const ready = photo.state === 'ready';
  return (
    <div
      className={`idv-photo${wide ? ' idv-photo--wide' : ''}${error ? ' idv-photo--error' : ''}${ready ? ' idv-photo--ready' : ''}`}
      data-testid={testId}
    >
      <label className="idv-photo__frame" htmlFor={inputId} aria-busy={working || undefined}>
        {ready ? (
          photo.localUrl !== null ? (
            <img className="idv-photo__image" src={photo.localUrl} alt={caption} data-testid={`${testId}-preview`} />
          ) : (
            <StoredPhoto photoKey={photo.key} alt={caption} testId={`${testId}-preview`} />
          )
        ) : (
          <PhotoIllustration kind={art} />
        )}
        {ready ? <CheckCircleFill className="idv-photo__check" aria-hidden="true" /> : null}
        {working ? (
          <span className="idv-photo__busy" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('identity.photo_uploading')}</span>
          </span>
        ) : (
          <span className="idv-photo__action">
            <CameraOutline aria-hidden="true" />
            {ready ? t('identity.photo_replace') : t('identity.photo_add')}
          </span>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          disabled={working}
          aria-describedby={error ? `${inputId}-error` : undefined}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onPick(file);
          }}
        />
      </label>
      <p className="idv-photo__caption">{caption}</p>
      <div id={`${inputId}-error`}>
        <FieldError message={error} testId={`${testId}-error`} />
      </div>
    </div>
  );
}

/** A photo of an earlier submission: private, so read with the session (usePrivateImage). */
export function StoredPhoto({ photoKey, alt, testId }: { photoKey: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const image = usePrivateImage(photoKey);
  if (image.state === 'ready') {
    return <img className="idv-photo__image" src={image.url} alt={alt} data-testid={testId} />;
  }
  if (image.state === 'failed') {
    return (
      <span className="idv-photo__unavailable" data-testid={testId}>
        <PictureWrongOutline aria-hidden="true" />
        {t('identity.photo_unavailable')}
      </span>
    );
  }
  return <span className="idv-photo__loading skeleton" aria-hidden="true" data-testid={testId} />;
}
