import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useSettingsStore } from '../store/settings';
import { applyTheme, DARK_SCHEME_QUERY, resolveTheme, systemPrefersDark, type ResolvedTheme } from './theme';

function subscribeToSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The theme in force: the customer's choice, or the phone's setting, live as it changes (dusk). */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useSettingsStore((state) => state.themePreference);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, () => systemPrefersDark());
  return resolveTheme(preference, prefersDark);
}

/**
 * Keeps `<html>` on the theme in force. A layout effect, so the first screen paints in the right
 * theme rather than flashing light first.
 */
export function useDocumentTheme(): void {
  const theme = useResolvedTheme();
  useLayoutEffect(() => applyTheme(theme), [theme]);
}

/** `html.red-up` when red means up; tokens.css swaps --k-rise and --k-fall under it. */
export function useRiseFallClass(): void {
  const colours = useSettingsStore((state) => state.riseFallColours);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('red-up', colours === 'red-up');
  }, [colours]);
}
