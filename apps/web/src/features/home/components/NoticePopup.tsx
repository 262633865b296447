import type { AnswerOf, launch } from '@kestrel/contract/web';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { plainParagraphs } from '../../../shared/display/plain-text';
import './notice-popup.css';

type PopUp = AnswerOf<typeof launch.popUpList>;

/** The pop-up notice (first row of popUp/list), loaded only when there is one to show. */
export default function NoticePopup({ popUp, onClose }: { popUp: PopUp; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inApp = popUp.link.startsWith('/') && !popUp.link.startsWith('//');
  return (
    <CenterPopup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      style={
        {
          '--min-width': 'min(300px, calc(100vw - 48px))',
          '--max-width': 'min(340px, calc(100vw - 48px))',
        } as CSSProperties
      }
    >
      <div className="notice-popup" role="dialog" aria-labelledby="notice-popup-title" data-testid="notice-popup">
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
    </CenterPopup>
  );
}
