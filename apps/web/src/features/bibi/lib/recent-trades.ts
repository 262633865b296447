import type { bibi } from '@kestrel/contract/web';

/** Trades the screen lists. */
export const RECENT_TRADES_SHOWN = 30;

/**
 * The REST answer (newest first) and the live `trades:<code>` messages (oldest first) in one list:
 * newest first, each trade once (by tradeId, which only grows), at most `limit`.
 */
export function mergeTrades(
  current: readonly bibi.BibiTrade[],
  arrived: readonly bibi.BibiTrade[],
  limit = RECENT_TRADES_SHOWN,
): bibi.BibiTrade[] {
  const byId = new Map<number, bibi.BibiTrade>();
  for (const trade of current) byId.set(trade.tradeId, trade);
  for (const trade of arrived) byId.set(trade.tradeId, trade);
  return [...byId.values()].sort((a, b) => b.tradeId - a.tradeId).slice(0, limit);
}
