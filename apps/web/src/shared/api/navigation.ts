/**
 * How code outside React (the request layer, loaders) changes the hash route. The router registers
 * its navigate function at start; until then (and in tests) the location hash is set directly, which
 * the hash router picks up as well.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let registered: Navigate | null = null;

export function registerNavigator(navigate: Navigate): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (registered) {
    registered(path, options);
    return;
  }
  if (options.replace) window.location.replace(`#${path}`);
  else window.location.hash = `#${path}`;
}

/** The route the customer is on, with its query string: `/pages/tabs/me/me-d?x=1`. */
export function currentRoute(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash === '' ? '/' : hash;
}

/** The route without its query string. */
export function currentPath(): string {
  return currentRoute().split('?')[0] ?? '/';
}
