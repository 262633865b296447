import { CONSTANTS } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { useCurrentLineIndex } from '../../../shared/api/lines';
import { languageOf } from '../../../shared/i18n/document-language';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import { usePageConfig } from '../../../shared/page-config/use-page-config';
import { PATHS } from '../../../shared/paths';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { useSettingsStore } from '../../../shared/store/settings';
import { useUnreadStore } from '../../../shared/store/unread';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useLogout } from '../api/logout';
import { useUserInfo } from '../../../shared/account/api/user-info';
import { useSupportUnreadCount } from '../api/support-unread';
import { EntryGroups } from '../components/EntryGroups';
import { GuestCard } from '../components/GuestCard';
import { ProfileCard } from '../components/ProfileCard';
import './me-screen.css';

// The verification status beside "Verify identity": its code and texts (the `growth` set) load only for a
// logged-in real account, after the screen; a failed load shows nothing rather than breaking the screen.
const IdentityStatusTag = lazy(() =>
  import('../../../shared/identity/IdentityStatusTag').catch(() => ({ default: () => null })),
);

/**
 * `/pages/tabs/me/me-d`: the profile (or a login prompt), the page-config entries grouped by module,
 * and logout. Which entries show is the operator's choice through page config and switches (SPEC §4).
 */
export default function MeScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  const pageConfig = usePageConfig(PATHS.me);
  const locale = useSettingsStore((state) => state.locale);
  const lineIndex = useCurrentLineIndex();
  const logout = useLogout();
  const unread = useUnreadStore((state) => state.count);
  const supportUnread = useSupportUnreadCount();
  // Demo accounts are refused the summary (verification belongs to the real account): no tag for them.
  const showsIdentityStatus = userInfo !== null && userInfo.accountType !== DEMO_ACCOUNT_TYPE;

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('me.logout_confirm'),
      confirmText: t('auth.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logout.mutateAsync();
    Toast.show({ content: t('tips.logged_out'), duration: CONSTANTS.toastDurationMs });
  };

  return (
    <div className="screen me-screen">
      <Refreshable
        onRefresh={() => invalidateCustomerData(queryClient, 'profile', 'unreadCount', 'supportUnread', 'identity')}
      >
        <div className="me-hero">{userInfo ? <ProfileCard userInfo={userInfo} /> : <GuestCard />}</div>
        <div className="screen__body me-screen__body">
          {pageConfig.data ? (
            <EntryGroups
              modules={pageConfig.data}
              extras={{
                [PATHS.language]: languageOf(locale).name,
                [PATHS.line]: t('me.line_n', { n: lineIndex + 1 }),
                // The messages entry carries the unread count (the home red dot's), live.
                [PATHS.messages]:
                  unread > 0 ? (
                    <span className="me-badge numeric" data-testid="me-unread-badge">
                      {unread > CONSTANTS.badgeMax ? `${CONSTANTS.badgeMax}+` : unread}
                    </span>
                  ) : undefined,
                [IDENTITY_PATHS.basic]: showsIdentityStatus ? (
                  <Suspense fallback={null}>
                    <IdentityStatusTag />
                  </Suspense>
                ) : undefined,
                [PATHS.supportChat]:
                  supportUnread > 0 ? (
                    <span className="me-badge numeric" data-testid="me-support-unread">
                      {supportUnread > 99 ? '99+' : supportUnread}
                    </span>
                  ) : undefined,
              }}
            />
          ) : (
            <EntryGroupsSkeleton />
          )}
          {userInfo ? (
            <button
              type="button"
              className="card me-logout"
              onClick={() => void confirmLogout()}
              disabled={logout.isPending}
            >
              {t('auth.logout')}
            </button>
          ) : null}
        </div>
      </Refreshable>
    </div>
  );
}

function EntryGroupsSkeleton() {
  return (
    <section className="card me-group" aria-busy="true">
      {Array.from({ length: 4 }, (_, index) => (
        <div className="me-entry" key={index}>
          <Skeleton width={34} height={34} radius={10} />
          <Skeleton width="40%" height={14} />
        </div>
      ))}
    </section>
  );
}
