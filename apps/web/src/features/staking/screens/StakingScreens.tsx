import { lazyScreen } from '../../../shared/lazy/lazy-screen';

/**
 * The entry app/routes.tsx loads for the four locked staking routes. It only loads the screens (StakingRouter.tsx,
 * which picks one by path), with the app's own loading, time-out and failure screens: the first
 * screen's bundle then lists this one small file, not every shared file the screens import (its
 * 170 kB budget has no room for those lists). The extra step costs one small request, the first time.
 */
const Screens = lazyScreen(() => import('./StakingRouter'));

export default function StakingScreens() {
  return <Screens />;
}
