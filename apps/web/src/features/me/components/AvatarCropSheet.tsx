import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { useUpload } from '../../../shared/images/image-upload';
import { ActionButton } from '../../../shared/ui/Buttons';
import { FieldError } from '../../../shared/ui/FormFields';
import { HeadedSheet } from '../../../shared/ui/HeadedSheet';
import { useModifyAvatar } from '../api/modify-profile';
import { loadImage, renderAvatar, type LoadedImage } from '../lib/avatar-image';
import { CENTRED, cropRect, dragged, shownRect, zoomed, ZOOM_MAX, type CropView } from '../lib/square-crop';

/** The crop viewport's side in px: fits a 320 px wide phone with the sheet's padding. */
const VIEWPORT = 264;
/** How far an arrow key moves the image (px), for a keyboard or switch user. */
const KEY_STEP = 12;

type Step = 'loading' | 'ready' | 'compressing' | 'uploading' | 'saving';

/**
 * The crop step of a new avatar: the picked image in a square (the round mask shows how the avatar will
 * look), dragged to place and zoomed with the slider; "Use photo" draws the square at 256 x 256 (JPEG
 * 0.85), uploads it (`common/upload`) and makes it the avatar (`userInfo/modifyAvatar`).
 */
export function AvatarCropSheet({ file, onClose }: { file: File | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [view, setView] = useState<CropView>(CENTRED);
  const [step, setStep] = useState<Step>('loading');
  const [error, setError] = useState<string | null>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; start: CropView } | null>(null);
  const upload = useUpload();
  const modifyAvatar = useModifyAvatar();

  useEffect(() => {
    if (!file) return undefined;
    let cancelled = false;
    let loaded: LoadedImage | null = null;
    setImage(null);
    setView(CENTRED);
    setError(null);
    setStep('loading');
    loadImage(file).then(
      (result) => {
        loaded = result;
        if (cancelled) URL.revokeObjectURL(result.url);
        else {
          setImage(result);
          setStep('ready');
        }
      },
      () => {
        if (cancelled) return;
        Toast.show({ content: t('image.compression_failed'), duration: CONSTANTS.toastDurationMs });
        onClose();
      },
    );
    return () => {
      cancelled = true;
      if (loaded) URL.revokeObjectURL(loaded.url);
    };
  }, [file, onClose, t]);

  const busy = step !== 'ready';
  const save = async () => {
    if (!image || busy) return;
    setError(null);
    let dataUrl: string;
    try {
      setStep('compressing');
      dataUrl = renderAvatar(image, cropRect(image, VIEWPORT, view));
    } catch {
      setStep('ready');
      Toast.show({ content: t('image.compression_failed'), duration: CONSTANTS.toastDurationMs });
      return;
    }
    try {
      setStep('uploading');
      const uploaded = await upload.mutateAsync(dataUrl);
      setStep('saving');
      await modifyAvatar.save(uploaded.key);
      Toast.show({ content: t('profile.avatar_saved'), duration: CONSTANTS.toastDurationMs });
      onClose();
    } catch (failure) {
      setStep('ready');
      const refusal = refusalOf(failure);
      if (refusal) setError(t(refusal.key, refusal.params ?? {}));
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!image || busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, start: view };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!image || !current || current.pointer !== event.pointerId) return;
    setView(dragged(image, VIEWPORT, current.start, event.clientX - current.x, event.clientY - current.y));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!image || busy) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setView(dragged(image, VIEWPORT, view, move[0], move[1]));
  };

  const rect = image ? shownRect(image, VIEWPORT, view) : null;
  const stepText =
    step === 'compressing'
      ? t('profile.avatar_compressing')
      : step === 'uploading'
        ? t('profile.avatar_uploading')
        : step === 'saving'
          ? t('profile.avatar_saving')
          : null;

  return (
    <HeadedSheet
      visible={file !== null}
      title={t('profile.avatar_title')}
      onClose={onClose}
      closeIcon={<CloseOutline />}
      className="avatar-crop-sheet"
      dismissible={!busy || step === 'loading'}
    >
      <div className="avatar-crop" data-testid="avatar-crop">
        <p className="avatar-crop__hint">{t('profile.avatar_hint')}</p>
        <div
          className="avatar-crop__viewport"
          style={{ width: VIEWPORT, height: VIEWPORT }}
          dir="ltr"
          role="img"
          aria-label={t('profile.avatar_preview')}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
          data-testid="avatar-crop-viewport"
        >
          {image && rect ? (
            <img
              className="avatar-crop__image"
              src={image.url}
              alt=""
              draggable={false}
              style={{
                width: rect.width,
                height: rect.height,
                transform: `translate(${rect.left}px, ${rect.top}px)`,
              }}
            />
          ) : (
            <span className="spinner" aria-hidden="true" />
          )}
          <span className="avatar-crop__ring" aria-hidden="true" />
        </div>
        <label className="avatar-crop__zoom">
          <span className="avatar-crop__zoom-label">{t('profile.avatar_zoom')}</span>
          <input
            type="range"
            min={1}
            max={ZOOM_MAX}
            step={0.01}
            value={view.zoom}
            disabled={!image || busy}
            onChange={(event) => image && setView(zoomed(image, VIEWPORT, view, Number(event.target.value)))}
            data-testid="avatar-zoom"
          />
        </label>
        <FieldError message={error} testId="avatar-error" />
        <div className="avatar-crop__actions">
          <ActionButton tone="outline" onClick={onClose} disabled={busy && step !== 'loading'}>
            {t('common.cancel')}
          </ActionButton>
          <ActionButton
            onClick={() => void save()}
            loading={busy && step !== 'loading'}
            disabled={!image}
            testId="avatar-save"
          >
            {stepText ?? t('profile.avatar_use')}
          </ActionButton>
        </div>
      </div>
    </HeadedSheet>
  );
}
