/**
 * What the service worker does with each request: the one decision in it worth testing, kept pure.
 *
 * - `pass`: the worker stays out of the way and the browser fetches as if there were no worker.
 *   Anything live or private: the API, the WebSocket, uploaded images, the operator console, other
 *   origins and every non-GET request. Their answers are never cached.
 * - `page`: a navigation. The network first (index.html is `no-cache`, so a new release is seen at
 *   once); when the network fails, the cached app shell, which boots, finds the API unreachable and
 *   shows the network-error page.
 * - `hashed-asset`: a file under /assets/. Its name carries its content's hash, so a cached copy is
 *   always right: the cache first, the network (and into the cache) otherwise.
 * - `public-file`: the few unhashed files of the shell (logo, icons, manifest): the network first so
 *   a change is seen, the cached copy when offline.
 */
export type OfflineRoute = 'pass' | 'page' | 'hashed-asset' | 'public-file';

/** The request facts the decision needs (a Request has them all). */
export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page load. */
  mode: string;
}

/** Paths whose answers are live or private: never answered from, nor written to, a cache. */
const LIVE_PREFIXES = ['/api', '/ws', '/img/', '/admin'];

export function offlineRouteOf(request: RequestFacts, appOrigin: string): OfflineRoute {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== appOrigin) return 'pass';
  if (LIVE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'pass';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/')) return 'hashed-asset';
  return 'public-file';
}

/** The cache a build's worker fills; one per build, so an old build's files are dropped on activation. */
export function shellCacheName(buildId: string): string {
  return `kestrel-shell-${buildId}`;
}

/** Whether a cache belongs to this app but to another build (deleted when a new worker takes over). */
export function isStaleShellCache(cacheName: string, buildId: string): boolean {
  return cacheName.startsWith('kestrel-shell-') && cacheName !== shellCacheName(buildId);
}
