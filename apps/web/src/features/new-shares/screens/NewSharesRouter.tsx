import { useLocation } from 'react-router-dom';
import { NEW_SHARES_PATHS } from '../paths';
import HistoryScreen from './HistoryScreen';
import OfferScreen from './OfferScreen';
import OffersScreen from './OffersScreen';
import '../i18n-english';
import './new-shares.css';

/**
 * The three new-share routes' screens, picked by path: one chunk and one stylesheet for them all, loaded
 * by NewSharesScreens.tsx.
 */
export default function NewSharesRouter() {
  const { pathname } = useLocation();
  if (pathname === NEW_SHARES_PATHS.detail) return <OfferScreen />;
  if (pathname === NEW_SHARES_PATHS.history) return <HistoryScreen />;
  return <OffersScreen />;
}
