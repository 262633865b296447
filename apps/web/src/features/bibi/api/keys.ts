/**
 * Query keys of the coin-to-coin market data (pairs, depth, trades, ticker): public, the same for
 * every customer. The customer's own orders and balances are keyed by shared/api/customer-keys.ts.
 */
export const MARKET_PREFIX = ['bibi', 'market'] as const;

export function marketKey(...parts: unknown[]): unknown[] {
  return [...MARKET_PREFIX, ...parts];
}
