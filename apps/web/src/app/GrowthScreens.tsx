import { useLocation } from 'react-router-dom';
import { lazyScreen } from '../shared/lazy/lazy-screen';

// Each screen set is its own chunk, loaded the first time one of its routes opens.
const IDENTITY = lazyScreen(() => import('../features/identity/screens/IdentityScreens'));
const TEAM = lazyScreen(() => import('../features/team/screens/TeamScreen'));
const SHARE = lazyScreen(() => import('../features/share/screens/ShareScreen'));
const REWARDS = lazyScreen(() => import('../features/rewards/screens/RewardScreens'));
const COPY_TRADING = lazyScreen(() => import('../features/copy-trading/screens/CopyTradingScreen'));

/**
 * The routes of identity verification, the team, the invitation poster, the rewards and copy trading
 * (issue 14) share this one lazy module (app/routes.tsx), which picks the screen set by path, as
 * ServiceScreens does.
 */
export default function GrowthScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/pages/user/authentication')) return <IDENTITY />;
  if (pathname.startsWith('/pages/team/')) return <TEAM />;
  if (pathname === '/pages/user/welfare' || pathname === '/pages/user/award') return <REWARDS />;
  if (pathname === '/pages/followOrder/followOrder') return <COPY_TRADING />;
  return <SHARE />;
}
