import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useUserInfo } from '../../../shared/account/api/user-info';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { usePageConfig } from '../../../shared/page-config/use-page-config';
import { PATHS } from '../../../shared/paths';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { GuestCard } from '../components/GuestCard';
import { MeModule } from '../components/MeModule';
import { ProfileCard } from '../components/ProfileCard';
import { ME_LAYOUTS } from '../compositions';
import { meLayoutOfPath } from '../../../shared/layouts/layout-routes';
import { useEntryExtras } from '../use-entry-extras';
import './me-screen.css';

/**
 * Every me route (`/pages/tabs/me/me-d` and the six alternatives): the profile (or a login prompt) in
 * the layout's style, then its modules in order (features/me/compositions.ts). Which entries show is the
 * operator's choice through the me-d page config and switches (SPEC §4), the same on every layout.
 */
export default function MeScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const layoutName = meLayoutOfPath(pathname);
  const layout = ME_LAYOUTS[layoutName];
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  const pageConfig = usePageConfig(PATHS.me);
  const extras = useEntryExtras();
  const context = { userInfo, groups: pageConfig.data, extras };

  return (
    <div className={`screen me-screen me-screen--${layoutName}`} data-testid={`me-layout-${layoutName}`}>
      {/* The screen's title for assistive technology: the design opens on the profile card, not a title. */}
      <h1 className="visually-hidden">{t('tab.me')}</h1>
      <Refreshable
        onRefresh={() =>
          invalidateCustomerData(queryClient, 'profile', 'unreadCount', 'supportUnread', 'identity', 'balances')
        }
      >
        <div className={`me-hero me-hero--${layout.profile}`}>
          {userInfo ? (
            <ProfileCard userInfo={userInfo} profileStyle={layout.profile} />
          ) : (
            <GuestCard profileStyle={layout.profile} />
          )}
        </div>
        <div className="screen__body me-screen__body">
          {layout.modules.map((module) => (
            <MeModule key={module} id={module} context={context} />
          ))}
        </div>
      </Refreshable>
    </div>
  );
}
