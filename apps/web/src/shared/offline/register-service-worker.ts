/**
 * Registers the service worker (/sw.js, built from service-worker.ts) once the page has loaded, so
 * its install (fetching the app shell) never competes with the first screen's own requests. Only in
 * production builds: under `vite dev` a worker would serve stale modules between edits.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the app works as before, only not offline: nothing to tell the customer.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
