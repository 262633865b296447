import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/**
 * A chat image at full size over the screen: the whole picture fitted to the phone, closed by the
 * close button, a tap beside the picture, Escape or the phone's back gesture (it is not a route, so
 * back closes the screen: the close button is the way).
 */
export function ImageView({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div
      className="sp-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('support.image')}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="support-image-view"
    >
      <img className="sp-viewer__image" src={src} alt={t('support.image')} />
      <button ref={close} type="button" className="sp-viewer__close" onClick={onClose} aria-label={t('common.close')}>
        <CloseOutline aria-hidden="true" />
      </button>
    </div>,
    document.body,
  );
}
