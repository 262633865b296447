/**
 * Whether a language pack from the server changes any text the app may be showing, so that adding it
 * needs a redraw of every translated component (react-i18next's `added` binding, i18n.ts) or can be
 * silent. The server's English pack is usually the bundled English word for word; redrawing the whole
 * first screen for it was a long task on a phone, right as that screen appeared.
 */

/** Keys a component asked for while no text existed for them: they show as the raw key until a pack brings one. */
const missingKeysAsked = new Set<string>();

/** i18next's parseMissingKeyHandler: notes the key, and returns what i18next would have shown anyway. */
export function noteMissingKey(key: string, defaultValue?: string): string {
  missingKeysAsked.add(key);
  return defaultValue ?? key;
}

/**
 * True when adding `pack` over `current` (a key's text in force now, undefined when there is none)
 * changes a text that is in force or a key that was asked for without a text.
 */
export function changesShownTexts(pack: Readonly<Record<string, unknown>>, current: (key: string) => unknown): boolean {
  for (const [key, text] of Object.entries(pack)) {
    const before = current(key);
    if (before === undefined ? missingKeysAsked.has(key) : before !== text) return true;
  }
  return false;
}
