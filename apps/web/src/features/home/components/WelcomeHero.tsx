import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { useIsLoggedIn } from '../../../shared/store/session';

/**
 * The welcome hero: the brand's greeting and the site's description, and for a guest the two ways in.
 * `brand` sits on the brand gradient (home-d); `dark` is the spotlight's dark surface, which carries
 * `children` (the day's movers) under the text.
 */
export function WelcomeHero({ tone = 'brand', children }: { tone?: 'brand' | 'dark'; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteInfo = useSiteInfo();
  const loggedIn = useIsLoggedIn();
  return (
    <section className={`home-banner home-banner--${tone}`} data-testid="home-welcome">
      <h1 className="home-banner__title">{t('home.welcome')}</h1>
      <p className="home-banner__text" dir="auto">
        {siteInfo.data?.description ?? t('home.banner_text')}
      </p>
      {children}
      {loggedIn ? null : (
        <div className="home-banner__actions">
          <button type="button" className="home-banner__cta" onClick={() => navigate(PATHS.login)}>
            {t('auth.login')}
          </button>
          <button
            type="button"
            className="home-banner__cta home-banner__cta--ghost"
            onClick={() => navigate(PATHS.register)}
          >
            {t('auth.register')}
          </button>
        </div>
      )}
    </section>
  );
}
