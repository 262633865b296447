/**
 * The app's home and me layouts (SPEC §2 routes `/pages/tabs/home/<name>`, `/pages/tabs/me/<name>`) and
 * the otherValue settings that pick the one each tab opens. One list for both sides: the server checks
 * an operator's `app_home_layout` / `app_me_layout` against it, the app routes by it and opens the
 * default for any other value.
 */

export const HOME_LAYOUT_NAMES = ['home-d', 'home', 'home-g', 'home-h', 'home-j', 'home-k'] as const;
export type HomeLayoutName = (typeof HOME_LAYOUT_NAMES)[number];
export const DEFAULT_HOME_LAYOUT: HomeLayoutName = 'home-d';
/** The otherValue setting naming the layout the Home tab opens. */
export const HOME_LAYOUT_SETTING = 'app_home_layout';
export const HOME_LAYOUT_PREFIX = '/pages/tabs/home/';

export const ME_LAYOUT_NAMES = ['me-d', 'me', 'me-e', 'me-f', 'me-g', 'me-h', 'me-j'] as const;
export type MeLayoutName = (typeof ME_LAYOUT_NAMES)[number];
export const DEFAULT_ME_LAYOUT: MeLayoutName = 'me-d';
/** The otherValue setting naming the layout the Me tab opens. */
export const ME_LAYOUT_SETTING = 'app_me_layout';
export const ME_LAYOUT_PREFIX = '/pages/tabs/me/';

/** Every layout's route, home first (the page-config entries' layouts). */
export const LAYOUT_PATHS: readonly string[] = [
  ...HOME_LAYOUT_NAMES.map((name) => `${HOME_LAYOUT_PREFIX}${name}`),
  ...ME_LAYOUT_NAMES.map((name) => `${ME_LAYOUT_PREFIX}${name}`),
];
