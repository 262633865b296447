import { useNavigate } from 'react-router-dom';
import { withFrom } from '../../shared/paths';
import { useFromRoute } from '../../shared/use-from-route';

/**
 * Opens the other one of login and register in place of this one, carrying `?from=` along so that
 * whichever finishes still returns where the customer was sent from.
 */
export function useOpenOtherAuthScreen(): (path: string) => void {
  const navigate = useNavigate();
  const from = useFromRoute();
  return (path) => navigate(from ? withFrom(path, from) : path, { replace: true });
}
