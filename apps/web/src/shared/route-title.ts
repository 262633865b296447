import type { MessageKey } from '@kestrel/contract/web';
import { useMatches } from 'react-router-dom';

/** What each route carries in react-router's `handle` (set by src/app/router.tsx from the route table). */
export interface RouteHandle {
  titleKey?: MessageKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The title key of the deepest matched route, for headers and the window title. */
export function useRouteTitleKey(): MessageKey | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return undefined;
}
