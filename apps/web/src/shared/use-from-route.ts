import { useSearchParams } from 'react-router-dom';

/**
 * The `from` route parameter of the network-error and line pages: the route that failed. Only in-app
 * paths are accepted, so a crafted link cannot bounce the customer somewhere unexpected.
 */
export function useFromRoute(): string | null {
  const [parameters] = useSearchParams();
  const from = parameters.get('from');
  if (!from || !from.startsWith('/') || from.startsWith('//')) return null;
  return from;
}
