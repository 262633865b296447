import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';

/** "Still need help?": the way from an article or a search to the live support chat. */
export function ContactSupport({ testId = 'help-contact' }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card hc-contact">
      <span className="hc-contact__icon" aria-hidden="true">
        <MessageOutline />
      </span>
      <div className="hc-contact__text">
        <h2 className="hc-contact__title">{t('help.still_need_help')}</h2>
        <p className="hc-contact__hint">{t('help.still_need_help_hint')}</p>
      </div>
      <button
        type="button"
        className="k-button k-button--primary hc-contact__button"
        onClick={() => navigate(PATHS.supportChat)}
        data-testid={testId}
      >
        {t('help.contact_support')}
      </button>
    </section>
  );
}
