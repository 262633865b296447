import type { AnswerOf, launch } from '@kestrel/contract/web';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { plainParagraphs } from '../../../shared/display/plain-text';
import './notice-popup.css';

type PopUp = AnswerOf<typeof launch.popUpList>;

/**
 * The pop-up notice (first row of popUp/list), loaded only when there is one to show.
 *
 * A native modal <dialog> rather than antd-mobile's CenterPopup: the browser keeps focus inside it,
 * closes it on Escape and draws it above the page, and it needs no animation library. CenterPopup
 * brought the mask and react-spring (the antd-mobile-motion chunk, ~24 kB gzip) onto the first screen
 * before its largest paint, which this dialog usually is.
 */
export default function NoticePopup({ popUp, onClose }: { popUp: PopUp; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const inApp = popUp.link.startsWith('/') && !popUp.link.startsWith('//');
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    // jsdom (unit tests) has no showModal: shown open, without the modal behaviour.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    // The panel rather than its first button takes focus: a screen reader starts at the notice's title,
    // and no focus ring sits on "Got it" before the customer has read anything.
    panel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="notice-popup"
      aria-labelledby="notice-popup-title"
      data-testid="notice-popup"
      // Escape: the browser would close the dialog itself; the screen closes it instead, as with a tap.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A tap on the backdrop lands on the dialog element itself, outside its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="notice-popup__panel" ref={panel} tabIndex={-1}>
        {popUp.image ? <img className="notice-popup__image" src={popUp.image} alt="" /> : null}
        <div className="notice-popup__body">
          <p className="notice-popup__eyebrow">{t('home.notice')}</p>
          <h2 className="notice-popup__title" id="notice-popup-title" dir="auto">
            {popUp.title}
          </h2>
          {plainParagraphs(popUp.content).map((paragraph, index) => (
            <p className="notice-popup__text" key={index} dir="auto">
              {paragraph}
            </p>
          ))}
        </div>
        <div className="notice-popup__actions">
          {inApp ? (
            <button
              type="button"
              className="k-button k-button--soft"
              onClick={() => {
                onClose();
                navigate(popUp.link);
              }}
            >
              {t('common.details')}
            </button>
          ) : null}
          <button
            type="button"
            className="k-button k-button--primary"
            onClick={onClose}
            data-testid="notice-popup-close"
          >
            {t('common.got_it')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
