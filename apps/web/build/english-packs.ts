/**
 * The bundled English fallback, split so the first screen does not carry every screen's texts.
 *
 * English is bundled (DESIGN §7) so the app can speak before, or without, the server's pack. Texts of
 * screens that load lazily are only needed once their screen's chunk is there, so their namespaces
 * travel with those chunks instead of with the entry:
 *
 *   import core from '<locales>/en.json?english=core';    // every key not in a set below
 *   import money from '<locales>/en.json?english=money';  // only the keys of the `money` set
 *
 * The `kestrel:english-packs` plugin (vite.config.ts) answers these imports with the filtered pack.
 * Without the plugin (Vitest) the query is ignored and every import is the whole pack, which is a
 * superset of what is asked for, so tests see every text. The language packs themselves (one file per
 * language, written by scripts/add-locale-keys.py) are unchanged: this only decides which chunk
 * carries which English keys.
 *
 * To move a feature's texts out of the first screen: add a set here, import `?english=<set>` in the
 * feature, register it with i18n.addResourceBundle('en', 'translation', pack, true, false) (the
 * server's pack, loaded later or earlier, still wins), and declare the module in src/vite-env.d.ts.
 */
export const DEFERRED_ENGLISH_SETS: Readonly<Record<string, readonly string[]>> = {
  /** features/wallet: the wallet tab and every money screen. */
  money: ['wallet', 'reason', 'bank'],
  /** features/trade: the chart's texts (trade tab and full-screen chart). */
  chart: ['kline'],
  /** features/trade forms, features/positions and shared/trading: order forms, positions, fast trades. */
  trading: ['trading'],
  /** features/bibi: the coin-to-coin exchange and orders screens. */
  bibi: ['bibi'],
  /** features/content: the privacy notice and the rich-text page. */
  content: ['privacy', 'richtext'],
  /**
   * Refusals, toasts and the login forms: launch loads the server's full pack before any screen that
   * shows them, so their bundled fallback can follow a moment after start (app/routes.tsx
   * preloadTabsAndFallbacks). The launch, network-error and line pages keep theirs in the bundle.
   */
  errors: ['error', 'tips', 'auth'],
};

/** The keys of `pack` that belong to `set` ('core': every key outside the deferred sets). */
export function englishSubset(pack: Record<string, string>, set: string): Record<string, string> {
  const deferred = new Set(Object.values(DEFERRED_ENGLISH_SETS).flat());
  const namespaces = set === 'core' ? null : new Set(DEFERRED_ENGLISH_SETS[set] ?? []);
  if (namespaces !== null && namespaces.size === 0) throw new Error(`unknown English set "${set}"`);
  const subset: Record<string, string> = {};
  for (const [key, text] of Object.entries(pack)) {
    const namespace = key.split('.')[0] ?? '';
    if (namespaces === null ? !deferred.has(namespace) : namespaces.has(namespace)) subset[key] = text;
  }
  return subset;
}
