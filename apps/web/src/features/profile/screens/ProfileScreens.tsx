import { useLocation, useSearchParams } from 'react-router-dom';
import '../i18n-english';
import { PROFILE_PATHS, securityViewOf } from '../paths';
import BindContactScreen from './BindContactScreen';
import ForgotPasswordScreen from './ForgotPasswordScreen';
import SecurityCentreScreen from './SecurityCentreScreen';
import SecurityLogScreen from './SecurityLogScreen';
import SessionsScreen from './SessionsScreen';
import './profile.css';

/**
 * Account self-service (app/ServiceScreens.tsx sends its other paths here): the password reset while
 * logged out, and the security centre, whose views are picked by `?view=` (email, phone, sessions, log)
 * rather than by routes of their own, which would each cost the first screen a route entry.
 */
export default function ProfileScreens() {
  const { pathname } = useLocation();
  const [parameters] = useSearchParams();
  if (pathname === PROFILE_PATHS.forgotPassword) return <ForgotPasswordScreen />;
  switch (securityViewOf(parameters.get('view'))) {
    case 'email':
      return <BindContactScreen key="email" kind="email" />;
    case 'phone':
      return <BindContactScreen key="phone" kind="phone" />;
    case 'sessions':
      return <SessionsScreen />;
    case 'log':
      return <SecurityLogScreen />;
    default:
      return <SecurityCentreScreen />;
  }
}
