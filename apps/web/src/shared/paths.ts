import { isHomeLayoutPath } from './layouts/layout-routes';

/**
 * Route paths that shared code needs (SPEC §2). The full route table lives in src/app/routes.tsx; these
 * constants exist so the request layer and loaders can navigate without importing screens.
 */
export const PATHS = {
  launch: '/pages/index/index',
  /** The default home layout's route; "home" means the configured one (shared/layouts/use-layout-paths.ts). */
  home: '/pages/tabs/home/home-d',
  markets: '/pages/tabs/quotes/quotes',
  trade: '/pages/quoteDetail/quoteDetail',
  wallet: '/pages/user/accountDetail',
  /** The default me layout's route; "me" means the configured one (shared/layouts/use-layout-paths.ts). */
  me: '/pages/tabs/me/me-d',
  login: '/pages/user/login',
  register: '/pages/user/register',
  language: '/pages/language/language',
  line: '/pages/language/line',
  networkError: '/pages/networdError/networdError',
  /** Site messages: the home bell and the me entry's badge lead here. */
  messages: '/pages/msg/msg-list',
  /** The live support chat: the me entry, the help centre and its articles lead here. */
  supportChat: '/pages/service/service',
} as const;

/** Routes a login returns to anyway (home, by default): no `from` needed. Any home layout counts. */
const LOGIN_RETURNS_HOME = new Set<string>(['/', PATHS.launch, PATHS.login, PATHS.register]);

/**
 * The login page, and back to `route` after it (LoginScreen reads `from`): a logged-out customer who
 * opened Deposit, a message or a loan lands where they were going, not on Home.
 */
export function loginFrom(route: string): string {
  const path = route.split('?')[0] ?? '/';
  return LOGIN_RETURNS_HOME.has(path) || isHomeLayoutPath(path) ? PATHS.login : withFrom(PATHS.login, route);
}

/** `/a?from=/b` with the route encoded, as the network-error and line pages expect. */
export function withFrom(path: string, from: string): string {
  return `${path}?from=${encodeURIComponent(from)}`;
}
