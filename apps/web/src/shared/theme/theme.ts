import type { ThemePreference } from '../store/settings';

export type ResolvedTheme = 'light' | 'dark';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/**
 * The address bar and status bar colour of each theme (`<meta name="theme-color">`): the page
 * headers' surface, so the bar and the header read as one. Mirrors `--k-surface` in tokens.css.
 */
const THEME_COLOUR: Record<ResolvedTheme, string> = { light: '#ffffff', dark: '#17212c' };

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Puts a theme on the document: `data-theme` selects our tokens (tokens.css), `data-prefers-color-scheme`
 * is antd-mobile 5's switch for its own dark palette, `color-scheme` gives native controls and
 * scrollbars the matching look, and every theme-color meta follows (index.html has one per system
 * scheme for the moment before the app runs; once it runs, the customer's choice wins).
 */
export function applyTheme(theme: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLOUR[theme];
  }
}

/** Whether the phone is set to dark; false where the browser cannot say (old browsers, tests). */
export function systemPrefersDark(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia(DARK_SCHEME_QUERY).matches;
}
