import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginFrom, PATHS } from '../../../shared/paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { useIsLoggedIn } from '../../../shared/store/session';
import { useUnreadStore } from '../../../shared/store/unread';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { StrokeIcon } from '../../../shared/ui/StrokeIcon';

/** SPEC §9 badge max: 1000 unread messages read "999+". */
export function badgeText(count: number): string {
  return count > CONSTANTS.badgeMax ? `${CONSTANTS.badgeMax}+` : String(count);
}

/**
 * The brand bar: logo, name, the simulated-data label, and the messages bell with its red dot. A guest
 * gets a login button there instead when the layout has no other way in (`guestLogin`).
 */
export function HomeHeader({ guestLogin = false }: { guestLogin?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const siteInfo = useSiteInfo();
  const loggedIn = useIsLoggedIn();
  const unread = useUnreadStore((state) => state.count);
  return (
    <header className="home-header">
      <img src={siteInfo.data?.logo || '/logo.svg'} alt="" width={32} height={32} className="home-header__logo" />
      <span className="home-header__name">{siteInfo.data?.siteName ?? 'Kestrel'}</span>
      <SimulatedBadge simulated={siteInfo.data?.simulatedMarket} className="home-header__badge" />
      {loggedIn ? (
        <button
          type="button"
          className="home-header__bell"
          onClick={() => navigate(PATHS.messages)}
          aria-label={unread > 0 ? `${t('me.messages')} (${badgeText(unread)})` : t('me.messages')}
          data-testid="home-messages"
        >
          <StrokeIcon name="bell" size={22} />
          {unread > 0 ? (
            <span className="home-header__dot numeric" data-testid="unread-dot">
              {badgeText(unread)}
            </span>
          ) : null}
        </button>
      ) : guestLogin ? (
        <button
          type="button"
          className="home-header__login"
          onClick={() => navigate(loginFrom(pathname))}
          data-testid="home-header-login"
        >
          {t('auth.login')}
        </button>
      ) : null}
    </header>
  );
}
