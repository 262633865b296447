import { PATHS, withFrom } from '../paths';
import { currentRoute, navigateTo } from './navigation';

/**
 * SPEC §8: when the language pack, the switch set or a page configuration cannot load, the customer
 * is sent to the network-error page (or the line page), and a network-error record is kept per route so
 * that page can say what failed and send the customer back to it on retry.
 */
export type FailedLoad = 'language-pack' | 'switch-set' | 'page-config';

export interface NetworkErrorRecord {
  /** What could not load. */
  failed: FailedLoad;
  /** How many times in a row it failed on this route. */
  failures: number;
  at: number;
}

const records = new Map<string, NetworkErrorRecord>();

/** Pages that never redirect to themselves, so a failure there cannot loop. */
const ERROR_PAGES = new Set<string>([PATHS.networkError, PATHS.line]);

export function networkErrorOf(route: string): NetworkErrorRecord | undefined {
  return records.get(route);
}

export function clearNetworkError(route: string): void {
  records.delete(route);
}

/**
 * Records the failure and leaves the page. A language pack that cannot load points at the line itself
 * (every screen needs the pack, so the line is the likely culprit): the customer goes to the line page.
 * Switches and page configuration go to the network-error page, which offers both retry and line switch.
 */
export function reportLoadFailure(failed: FailedLoad, route: string = currentRoute()): void {
  const path = route.split('?')[0] ?? route;
  if (ERROR_PAGES.has(path)) return;
  const previous = records.get(route);
  records.set(route, { failed, failures: (previous?.failures ?? 0) + 1, at: Date.now() });
  const target = failed === 'language-pack' ? PATHS.line : PATHS.networkError;
  navigateTo(withFrom(target, route), { replace: true });
}

export function resetNetworkErrorsForTests(): void {
  records.clear();
}
