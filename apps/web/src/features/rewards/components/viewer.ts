import { useUserInfo } from '../../../shared/account/api/user-info';
import { DEMO_ACCOUNT_TYPE, useIsLoggedIn } from '../../../shared/store/session';

/** Who looks at the rewards: logged out, a demo session (sees the tasks, claims none), or the live account. */
export type Viewer = 'guest' | 'demo' | 'live';

export function useViewer(): Viewer {
  const loggedIn = useIsLoggedIn();
  const userInfo = useUserInfo();
  if (!loggedIn) return 'guest';
  return userInfo?.accountType === DEMO_ACCOUNT_TYPE ? 'demo' : 'live';
}
