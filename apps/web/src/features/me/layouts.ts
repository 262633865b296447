/**
 * The me layouts' names (SPEC §2: `me-d` on the tab bar, `me`, `me-e`, `me-f`, `me-g`, `me-h`, `me-j` as
 * alternatives) and the routes they live at. The operator picks the one the Me tab opens with the
 * otherValue `app_me_layout` (app/tabs.ts); every layout keeps its own route. What each is made of is in
 * compositions.ts, apart, so the tab bar (first screen) carries only the names.
 */

export const ME_LAYOUT_NAMES = ['me-d', 'me', 'me-e', 'me-f', 'me-g', 'me-h', 'me-j'] as const;
export type MeLayoutName = (typeof ME_LAYOUT_NAMES)[number];

export const DEFAULT_ME_LAYOUT: MeLayoutName = 'me-d';
/** The otherValue setting naming the layout the Me tab opens. */
export const ME_LAYOUT_SETTING = 'app_me_layout';
export const ME_LAYOUT_PREFIX = '/pages/tabs/me/';

export function isMeLayoutName(name: unknown): name is MeLayoutName {
  return typeof name === 'string' && (ME_LAYOUT_NAMES as readonly string[]).includes(name);
}

/** The layout a setting names; an empty, unknown or misspelt value falls back to the default. */
export function meLayoutOf(name: string | null | undefined): MeLayoutName {
  const trimmed = name?.trim();
  return isMeLayoutName(trimmed) ? trimmed : DEFAULT_ME_LAYOUT;
}

/** The layout a route shows (`/pages/tabs/me/me-f` -> `me-f`); any other path shows the default. */
export function meLayoutOfPath(pathname: string): MeLayoutName {
  return pathname.startsWith(ME_LAYOUT_PREFIX)
    ? meLayoutOf(pathname.slice(ME_LAYOUT_PREFIX.length))
    : DEFAULT_ME_LAYOUT;
}

export const meLayoutPath = (name: MeLayoutName): string => `${ME_LAYOUT_PREFIX}${name}`;
