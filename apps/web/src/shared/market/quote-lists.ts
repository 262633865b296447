import { market, type MessageKey } from '@kestrel/contract/web';

/**
 * The four quote lists of SPEC §7, indexed 0 to 3 as the spec orders them (index 4, the watchlist,
 * is its own endpoint: see src/shared/watchlist). Markets, search and the trade tab's product
 * switcher all read them through this table.
 */
export const QUOTE_MARKETS = [
  { index: 0, endpoint: market.stockProductList, labelKey: 'market.us_stocks' },
  { index: 1, endpoint: market.cryptocurrencyProductList, labelKey: 'market.crypto' },
  { index: 2, endpoint: market.futuresProductList, labelKey: 'market.futures' },
  { index: 3, endpoint: market.forexProductList, labelKey: 'market.forex' },
] as const satisfies readonly { index: number; labelKey: MessageKey; endpoint: unknown }[];

export type MarketIndex = (typeof QUOTE_MARKETS)[number]['index'];

/** SPEC §7 quote lists are paged; the app asks for 20 rows a page. */
export const QUOTE_PAGE_SIZE = 20;

export const WATCHLIST_INDEX = 4;
