import { useLocation } from 'react-router-dom';
import { STAKING_PATHS } from '../paths';
import OrderScreen from './OrderScreen';
import OrdersScreen from './OrdersScreen';
import OverviewScreen from './OverviewScreen';
import ProductsScreen from './ProductsScreen';
import '../i18n-english';
import './staking.css';

/**
 * The four locked staking routes' screens, picked by path: one chunk and one stylesheet for them all, loaded
 * by StakingScreens.tsx.
 */
export default function StakingRouter() {
  const { pathname } = useLocation();
  if (pathname === STAKING_PATHS.products) return <ProductsScreen />;
  if (pathname === STAKING_PATHS.orders) return <OrdersScreen />;
  if (pathname === STAKING_PATHS.order) return <OrderScreen />;
  return <OverviewScreen />;
}
