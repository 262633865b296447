/**
 * Daily counts (withdrawals, exchanges, the day's realized PnL) reset at 00:00 UTC: one boundary for
 * every customer wherever they are, the one the docs show.
 */
const DAY_MS = 24 * 3600 * 1000;

/** Midnight UTC of the day `now` (epoch milliseconds) falls in. */
export function startOfUtcDay(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}
