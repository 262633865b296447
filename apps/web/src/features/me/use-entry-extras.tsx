import { CONSTANTS } from '@kestrel/contract/web';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/account/api/user-info';
import { useCurrentLineIndex } from '../../shared/api/lines';
import { languageOf } from '../../shared/i18n/document-language';
import { IDENTITY_PATHS } from '../../shared/identity/paths';
import { PATHS } from '../../shared/paths';
import { DEMO_ACCOUNT_TYPE } from '../../shared/store/session';
import { useSettingsStore } from '../../shared/store/settings';
import { useUnreadStore } from '../../shared/store/unread';
import { useSupportUnreadCount } from './api/support-unread';
import type { EntryExtras } from './components/EntryGroups';

// The verification status beside "Verify identity": its code and texts (the `growth` set) load only for a
// logged-in real account, after the screen; a failed load shows nothing rather than breaking the screen.
const IdentityStatusTag = lazy(() =>
  import('../../shared/identity/IdentityStatusTag').catch(() => ({ default: () => null })),
);

/** A count as a red badge ("99+" above `max`). */
function CountBadge({ count, max, testId }: { count: number; max: number; testId: string }) {
  return (
    <span className="me-badge numeric" data-testid={testId}>
      {count > max ? `${max}+` : count}
    </span>
  );
}

/**
 * What every me layout shows beside its entries, by target route: the current language and line, the
 * unread messages and support replies (live), and a real account's verification status.
 */
export function useEntryExtras(): EntryExtras {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  const locale = useSettingsStore((state) => state.locale);
  const lineIndex = useCurrentLineIndex();
  const unread = useUnreadStore((state) => state.count);
  const supportUnread = useSupportUnreadCount();
  // Demo accounts are refused the summary (verification belongs to the real account): no tag for them.
  const showsIdentityStatus = userInfo !== null && userInfo.accountType !== DEMO_ACCOUNT_TYPE;
  return {
    [PATHS.language]: languageOf(locale).name,
    [PATHS.line]: t('me.line_n', { n: lineIndex + 1 }),
    // The messages entry carries the unread count (the home red dot's).
    [PATHS.messages]:
      unread > 0 ? <CountBadge count={unread} max={CONSTANTS.badgeMax} testId="me-unread-badge" /> : undefined,
    [IDENTITY_PATHS.basic]: showsIdentityStatus ? (
      <Suspense fallback={null}>
        <IdentityStatusTag />
      </Suspense>
    ) : undefined,
    [PATHS.supportChat]:
      supportUnread > 0 ? <CountBadge count={supportUnread} max={99} testId="me-support-unread" /> : undefined,
  };
}
