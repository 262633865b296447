import { useLocation } from 'react-router-dom';
import { BIBI_ORDERS_PATH } from '../paths';
import BibiOrdersScreen from './BibiOrdersScreen';
import BibiScreen from './BibiScreen';

/**
 * Both coin-to-coin routes show this one screen module (app/routes.tsx), which picks the exchange or the
 * orders screen by path. One module is one chunk and one stylesheet, and one preload list in the entry
 * chunk instead of several: the first screen's budget (170 kB) has no room for more.
 */
export default function BibiScreens() {
  const { pathname } = useLocation();
  return pathname === BIBI_ORDERS_PATH ? <BibiOrdersScreen /> : <BibiScreen />;
}
