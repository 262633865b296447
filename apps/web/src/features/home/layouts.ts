/**
 * The home layouts' names (SPEC §2: `home-d` on the tab bar, `home`, `home-g`, `home-h`, `home-j`,
 * `home-k` as alternatives) and the routes they live at. The operator picks the one the Home tab opens
 * with the otherValue `app_home_layout` (app/tabs.ts); every layout keeps its own route. What each is
 * made of is in compositions.ts, apart, so the tab bar (first screen) carries only the names.
 */

export const HOME_LAYOUT_NAMES = ['home-d', 'home', 'home-g', 'home-h', 'home-j', 'home-k'] as const;
export type HomeLayoutName = (typeof HOME_LAYOUT_NAMES)[number];

export const DEFAULT_HOME_LAYOUT: HomeLayoutName = 'home-d';
/** The otherValue setting naming the layout the Home tab opens. */
export const HOME_LAYOUT_SETTING = 'app_home_layout';
export const HOME_LAYOUT_PREFIX = '/pages/tabs/home/';

export function isHomeLayoutName(name: unknown): name is HomeLayoutName {
  return typeof name === 'string' && (HOME_LAYOUT_NAMES as readonly string[]).includes(name);
}

/** The layout a setting names; an empty, unknown or misspelt value falls back to the default. */
export function homeLayoutOf(name: string | null | undefined): HomeLayoutName {
  const trimmed = name?.trim();
  return isHomeLayoutName(trimmed) ? trimmed : DEFAULT_HOME_LAYOUT;
}

/** The layout a route shows (`/pages/tabs/home/home-g` -> `home-g`); any other path shows the default. */
export function homeLayoutOfPath(pathname: string): HomeLayoutName {
  return pathname.startsWith(HOME_LAYOUT_PREFIX)
    ? homeLayoutOf(pathname.slice(HOME_LAYOUT_PREFIX.length))
    : DEFAULT_HOME_LAYOUT;
}

export const homeLayoutPath = (name: HomeLayoutName): string => `${HOME_LAYOUT_PREFIX}${name}`;
