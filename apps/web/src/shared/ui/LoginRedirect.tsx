import { Navigate, useLocation } from 'react-router-dom';
import { loginFrom } from '../paths';

/** What a customer's screen renders while logged out: the login page, then back to this screen. */
export function LoginRedirect() {
  const location = useLocation();
  return <Navigate to={loginFrom(`${location.pathname}${location.search}`)} replace />;
}
