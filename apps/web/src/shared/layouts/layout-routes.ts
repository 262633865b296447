import {
  DEFAULT_HOME_LAYOUT,
  DEFAULT_ME_LAYOUT,
  HOME_LAYOUT_NAMES,
  HOME_LAYOUT_PREFIX,
  HOME_LAYOUT_SETTING,
  ME_LAYOUT_NAMES,
  ME_LAYOUT_PREFIX,
  ME_LAYOUT_SETTING,
  type HomeLayoutName,
  type MeLayoutName,
} from '@kestrel/contract/web';

/**
 * The home and me layouts' routes (the names are the contract's, shared with the server's check of
 * `app_home_layout` / `app_me_layout`). Every layout keeps its own route; "home" and "me" mean the one
 * the operator chose, and an empty, unknown or misspelt value means the default (home-d, me-d).
 * What each layout is made of lives in features/home and features/me compositions.ts.
 */

function pick<Name extends string>(names: readonly Name[], fallback: Name, value: string | null | undefined): Name {
  const trimmed = value?.trim();
  return (names as readonly string[]).includes(trimmed ?? '') ? (trimmed as Name) : fallback;
}

export const homeLayoutOf = (value: string | null | undefined): HomeLayoutName =>
  pick(HOME_LAYOUT_NAMES, DEFAULT_HOME_LAYOUT, value);
export const meLayoutOf = (value: string | null | undefined): MeLayoutName =>
  pick(ME_LAYOUT_NAMES, DEFAULT_ME_LAYOUT, value);

export const homeLayoutPath = (name: HomeLayoutName): string => `${HOME_LAYOUT_PREFIX}${name}`;
export const meLayoutPath = (name: MeLayoutName): string => `${ME_LAYOUT_PREFIX}${name}`;

/** The layout a route shows (`/pages/tabs/home/home-g` -> `home-g`); any other path shows the default. */
export const homeLayoutOfPath = (pathname: string): HomeLayoutName =>
  homeLayoutOf(pathname.startsWith(HOME_LAYOUT_PREFIX) ? pathname.slice(HOME_LAYOUT_PREFIX.length) : null);
export const meLayoutOfPath = (pathname: string): MeLayoutName =>
  meLayoutOf(pathname.startsWith(ME_LAYOUT_PREFIX) ? pathname.slice(ME_LAYOUT_PREFIX.length) : null);

type OtherValues = Readonly<Record<string, string>>;

/** Where "home" is: the layout `app_home_layout` names. */
export const homePathOf = (otherValues: OtherValues): string =>
  homeLayoutPath(homeLayoutOf(otherValues[HOME_LAYOUT_SETTING]));
/** Where "me" is: the layout `app_me_layout` names. */
export const mePathOf = (otherValues: OtherValues): string => meLayoutPath(meLayoutOf(otherValues[ME_LAYOUT_SETTING]));

/** Whether a route is one of the home layouts (a login from there needs no way back: it goes home). */
export const isHomeLayoutPath = (pathname: string): boolean =>
  pathname.startsWith(HOME_LAYOUT_PREFIX) &&
  (HOME_LAYOUT_NAMES as readonly string[]).includes(pathname.slice(HOME_LAYOUT_PREFIX.length));
