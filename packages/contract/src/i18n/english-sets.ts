/**
 * The bundled English fallback of the app, split so the first screen does not carry every screen's
 * texts. English is bundled (DESIGN §7) so the app can speak before, or without, the server's pack;
 * texts of screens that load lazily travel with those screens. The contract writes one file per set
 * (`src/i18n/english/<set>.json`, see web-entry/render.ts), `core` being every key outside the sets
 * below; a screen imports its set (`@kestrel/contract/english/money.json`) and registers it with
 * i18n.addResourceBundle('en', 'translation', pack, true, false), so the server's pack still wins.
 *
 * To move a feature's texts out of the first screen: add a set here, run
 * `npm run generate -w @kestrel/contract`, and import the set in the feature.
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
  /** features/invest: new shares, locked staking and loans. */
  invest: ['invest'],
  /**
   * features/messages, help, support and the account self-service screens (issue 15), and the spec's
   * component pages (features/widgets, shared/widgets: `widget`).
   */
  service: ['msg', 'help', 'support', 'profile', 'widget'],
  /**
   * Texts only the server renders (site messages are written in the customer's language when the
   * event happens); the app never looks these keys up, so they stay out of its bundles.
   */
  server: ['sitemsg'],
  /**
   * features/identity, team and share (issue 14): identity verification, the team and its
   * commissions, the invitation poster, and the identity gate notices other screens show.
   */
  growth: ['identity', 'team', 'share', 'reward', 'copy'],
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
