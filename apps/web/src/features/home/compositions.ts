/**
 * What each home layout is made of (the contract's layouts.ts names them): an ordered composition of the spec's home
 * modules. All of them read the page config of `home-d` (the quick entries), so one set of entries and
 * switches serves every layout.
 */
import type { HomeLayoutName } from '@kestrel/contract/web';

/** The modules a home layout is made of (features/home/components/HomeModule.tsx draws each). */
export type HomeModuleId =
  /** Brand hero: welcome, the site's description, log in and sign up for guests. */
  | 'welcome'
  /** The same hero on a dark surface, with the day's top gainers as chips. */
  | 'spotlight'
  /** The operators' image banners. */
  | 'banners'
  /** The rotating tips (risk warning, simulated market). */
  | 'notice'
  /** Page-config quick entries, one row of icons. */
  | 'quick'
  /** The same entries as large labelled tiles, two to a row. */
  | 'quickTiles'
  /** m-zichan: total assets, USDT available and frozen, margin, today's PnL (a login prompt for guests). */
  | 'assets'
  /** Recommended products with the two rankings as tabs, live prices. */
  | 'quotes'
  /** The two rankings (top gainers, top prices) as three large tiles each. */
  | 'rankings'
  /** m-quolist: the four markets' first rows as tabs. */
  | 'quoteList'
  /** m-news: the latest three notices. */
  | 'news'
  /** m-news as the lead: the latest six notices. */
  | 'newsFeed';

/** Modules that carry their own way in for a guest: with one of them the header needs no login button. */
const MODULES_WITH_LOGIN: ReadonlySet<HomeModuleId> = new Set(['welcome', 'spotlight', 'assets']);

export const HOME_LAYOUTS: Readonly<Record<HomeLayoutName, readonly HomeModuleId[]>> = {
  // Classic (the tab bar's): hero, banners, notice, quick entries, quotes with rankings, news.
  'home-d': ['welcome', 'banners', 'notice', 'quick', 'quotes', 'news'],
  // Markets first: rankings and the four markets' quotes up top, entries and news below.
  home: ['notice', 'rankings', 'quoteList', 'quick', 'news'],
  // Assets first: the customer's money with deposit and withdraw right under it, then the market.
  'home-g': ['assets', 'quick', 'notice', 'quotes', 'news'],
  // News first: banners and the latest notices lead, the market follows.
  'home-h': ['banners', 'newsFeed', 'notice', 'quick', 'quotes'],
  // Launcher: a grid of large entry tiles, then the rankings and news; no long lists.
  'home-j': ['quickTiles', 'notice', 'rankings', 'news'],
  // Spotlight: a dark hero with the day's movers, entries, the four markets, news.
  'home-k': ['spotlight', 'quick', 'notice', 'quoteList', 'news'],
};

/** Whether a guest on this layout needs the header's login button (no module of it offers one). */
export const needsHeaderLogin = (name: HomeLayoutName): boolean =>
  !HOME_LAYOUTS[name].some((module) => MODULES_WITH_LOGIN.has(module));
