/**
 * What each me layout is made of (the contract's layouts.ts names them): a profile head and an ordered list of modules.
 * All of them read the page config of `me-d`, so one set of entries and switches serves every layout.
 */
import type { MeLayoutName } from '@kestrel/contract/web';

/** How the profile (or, logged out, the welcome with log in and sign up) heads the page. */
export type ProfileStyle =
  /** A card on the pale brand wash: avatar beside the name. */
  | 'card'
  /** Avatar above the name, centred. */
  | 'centered'
  /** One slim row: a small avatar beside the name. */
  | 'compact'
  /** On the deep brand gradient, white text. */
  | 'banner';

/** What follows the profile (features/me/components/MeModule.tsx draws each). */
export type MeModuleId =
  /** m-zichan: total assets, USDT available and frozen, margin, today's PnL. Logged in only. */
  | 'assets'
  /** The page-config entries, one card per module, a row per entry. */
  | 'entryList'
  /** The entries as icon tiles, four to a row, one card per module. */
  | 'entryTiles'
  /** One tab per module, the chosen module's entries as rows. */
  | 'entryTabs'
  /** The first module as a row of tiles (shortcuts), the others as rows. */
  | 'entryShortcuts'
  /** Every entry in one card, each module's name as a small heading. */
  | 'entryFlat'
  /** Light, dark or the phone's theme, and which colour means a rise (AppearanceSettings.tsx). */
  | 'appearance'
  /** Log out, with a confirmation. Logged in only. */
  | 'logout';

export interface MeLayout {
  profile: ProfileStyle;
  modules: readonly MeModuleId[];
}

export const ME_LAYOUTS: Readonly<Record<MeLayoutName, MeLayout>> = {
  // Classic (the tab bar's): the profile card, the entries as grouped rows.
  'me-d': { profile: 'card', modules: ['entryList', 'appearance', 'logout'] },
  // Tiles: a centred profile, every entry an icon tile.
  me: { profile: 'centered', modules: ['entryTiles', 'appearance', 'logout'] },
  // Wallet first: a slim profile, the asset summary, then the grouped rows.
  'me-e': { profile: 'compact', modules: ['assets', 'entryList', 'appearance', 'logout'] },
  // Tabbed: a slim profile and one tab per group, for a short page.
  'me-f': { profile: 'compact', modules: ['entryTabs', 'appearance', 'logout'] },
  // Shortcuts: the account group as a row of tiles, the rest as rows.
  'me-g': { profile: 'card', modules: ['entryShortcuts', 'appearance', 'logout'] },
  // Banner: the profile on the brand gradient, the assets, then icon tiles.
  'me-h': { profile: 'banner', modules: ['assets', 'entryTiles', 'appearance', 'logout'] },
  // Settings list: a centred profile and one plain list with small group headings.
  'me-j': { profile: 'centered', modules: ['entryFlat', 'appearance', 'logout'] },
};
