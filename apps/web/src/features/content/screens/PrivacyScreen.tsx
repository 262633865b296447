import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../content.css';
import '../i18n-english';

const SECTIONS = [
  {
    title: 'privacy.stored_title',
    items: ['privacy.stored_account', 'privacy.stored_password', 'privacy.stored_sessions', 'privacy.stored_watchlist'],
  },
  { title: 'privacy.codes_title', items: ['privacy.codes_body'] },
  { title: 'privacy.device_title', items: ['privacy.device_body'] },
  { title: 'privacy.trackers_title', items: ['privacy.trackers_body'] },
  { title: 'privacy.choices_title', items: ['privacy.choices_body'] },
] as const;

/** `/pages/user/privacy`: what Kestrel keeps about a customer, and what it does not do. */
export default function PrivacyScreen() {
  const { t } = useTranslation();
  const siteInfo = useSiteInfo();
  const email = siteInfo.data?.supportEmail;
  return (
    <div className="screen">
      <PageHeader title={t('me.privacy')} />
      <div className="screen__body">
        <article className="card content-article" data-testid="privacy">
          <p className="content-article__lead">{t('privacy.intro')}</p>
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <h2>{t(section.title)}</h2>
              {section.items.length > 1 ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{t(item)}</li>
                  ))}
                </ul>
              ) : (
                <p>{t(section.items[0])}</p>
              )}
            </section>
          ))}
          {email ? (
            <p className="content-article__contact">
              {t('privacy.contact')}{' '}
              <a href={`mailto:${email}`} dir="ltr">
                {email}
              </a>
            </p>
          ) : null}
        </article>
      </div>
    </div>
  );
}
