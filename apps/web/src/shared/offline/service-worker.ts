/**
 * The service worker (built to /sw.js by vite.config.ts, registered by register-service-worker.ts in
 * production builds only). It keeps the app shell so the app still opens without a network and shows
 * its network-error page, and answers hashed assets from its cache. It never touches the API, the
 * WebSocket or uploaded images: see offline-routing.ts for which request goes which way.
 *
 * This file is bundled on its own as a classic script: it must import nothing but pure modules.
 */
import { isStaleShellCache, offlineRouteOf, shellCacheName } from './offline-routing';

/** Replaced at build time (vite.config.ts): the files the shell needs to open and show a failure page. */
declare const __KESTREL_SHELL_FILES__: readonly string[];
/** Replaced at build time: a digest of those files' names, so each release gets its own cache. */
declare const __KESTREL_BUILD_ID__: string;

/** The slice of the worker's global scope used here (the DOM typings this app compiles with lack it). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(answer: Promise<Response>): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = shellCacheName(__KESTREL_BUILD_ID__);
const SHELL_PAGE = '/index.html';

worker.addEventListener('install', (event) => {
  // `reload`: the shell is fetched past the HTTP cache, so the worker never keeps a stale index.html.
  const requests = __KESTREL_SHELL_FILES__.map((file) => new Request(file, { cache: 'reload' }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => isStaleShellCache(name, __KESTREL_BUILD_ID__)).map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const route = offlineRouteOf(event.request, worker.location.origin);
  if (route === 'pass') return;
  if (route === 'page') event.respondWith(pageOrShell(event.request));
  else if (route === 'hashed-asset') event.respondWith(cachedOrFetched(event.request));
  else event.respondWith(fetchedOrCached(event.request));
});

/** A navigation: the network's page, or the cached shell when the network fails. */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (failure) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: CACHE });
    if (shell) return shell;
    throw failure;
  }
}

/** A hashed asset: never changes, so the cached copy when there is one; a fetched one is kept. */
async function cachedOrFetched(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** An unhashed shell file: the network's copy (it may have changed), the cached one offline. */
async function fetchedOrCached(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (failure) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw failure;
  }
}
