import { useIsDemo } from '../../../shared/account/demo';
import { useIsLoggedIn } from '../../../shared/store/session';

/**
 * Who looks at copy trading: logged out (sees the traders, logs in to follow), a demo session (sees the
 * traders; following and publishing belong to the live account) or the live account.
 */
export type Viewer = 'guest' | 'demo' | 'live';

export function useViewer(): Viewer {
  const loggedIn = useIsLoggedIn();
  const demo = useIsDemo();
  if (!loggedIn) return 'guest';
  return demo ? 'demo' : 'live';
}
