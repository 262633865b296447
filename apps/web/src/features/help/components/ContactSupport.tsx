import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';

/** "Still need help?": the way from an article or a search to the live support chat. */
export function ContactSupport({ testId = 'help-contact' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card hc-contact">
      <span className="hc-contact__icon" aria-hidden="true">
        <MessageOutline />
      </span>
      <div className="hc-contact__text">
        <h2 className="hc-contact__title">{t('help.still_need_help')}</h2>
        <p className="hc-contact__hint">{t('help.still_need_help_hint')}</p>
      </div>
      <NavButton to={PATHS.supportChat} className="k-button k-button--primary hc-contact__button" testId={testId}>
        {t('help.contact_support')}
      </NavButton>
    </section>
  );
}
