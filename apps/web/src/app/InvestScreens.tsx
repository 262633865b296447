import { useLocation } from 'react-router-dom';
import { lazyScreen } from '../shared/lazy/lazy-screen';

// Each investment feature is its own chunk, loaded the first time one of its routes opens.
const LOANS = lazyScreen(() => import('../features/loans/screens/LoanScreens'));
const NEW_SHARES = lazyScreen(() => import('../features/new-shares/screens/NewSharesScreens'));
const STAKING = lazyScreen(() => import('../features/staking/screens/StakingScreens'));

/**
 * The eleven routes of the investment products (new shares, locked staking, loans) share this one
 * lazy module (app/routes.tsx), which picks the feature by path: the first screen carries one loader
 * instead of three, and its budget (170 kB) has no room for more.
 */
export default function InvestScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/pages/loan/')) return <LOANS />;
  if (pathname.startsWith('/pages/newShares/')) return <NEW_SHARES />;
  return <STAKING />;
}
