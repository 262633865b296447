import { useLocation } from 'react-router-dom';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import AdvancedScreen from './AdvancedScreen';
import BasicScreen from './BasicScreen';
import '../i18n-english';
import './identity.css';

/**
 * Identity verification (issue 14; app/GrowthScreens.tsx loads this module for both routes): basic at
 * `/pages/user/authentication`, advanced at `/pages/user/authentication1`. One chunk and one stylesheet.
 */
export default function IdentityScreens() {
  const { pathname } = useLocation();
  return pathname === IDENTITY_PATHS.advanced ? <AdvancedScreen /> : <BasicScreen />;
}
