/**
 * A trader's published record (copy trading, issue 14), computed from their own closed positions,
 * whose amounts are those of their ledger entries: nobody types a figure of it.
 *
 * - realizedPnl: the sum of net PnL (realized PnL minus the opening and closing fees);
 * - winRate: closed positions with a net profit over all closed positions, 4 places, rounded down;
 * - maxDrawdown: the deepest fall of the cumulative net PnL (in close order, starting at 0) below an
 *   earlier peak, as a positive amount;
 * - returns over 7, 30 and 90 days: the net PnL of the positions closed in the window over their
 *   margin, 4 places, rounded toward -infinity (a gain down, a loss to the larger loss); null when none
 *   closed in the window.
 */
import { divide } from '../decimal';

export const RECORD_RATIO_SCALE = 4;
export const RECORD_WINDOWS_DAYS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

export interface ClosedTrade {
  netPnl: bigint;
  margin: bigint;
  closeTime: number;
}

export interface TraderRecord {
  realizedPnl: bigint;
  closedCount: number;
  /** At RECORD_RATIO_SCALE; null before the first close. */
  winRate: bigint | null;
  maxDrawdown: bigint;
  /** By window in days, at RECORD_RATIO_SCALE. */
  returns: Record<(typeof RECORD_WINDOWS_DAYS)[number], bigint | null>;
}

/** `trades` in any order; money at `moneyScale`. */
export function traderRecord(trades: readonly ClosedTrade[], now: number, moneyScale: number): TraderRecord {
  const ordered = [...trades].sort((a, b) => a.closeTime - b.closeTime);
  let cumulative = 0n;
  let peak = 0n;
  let maxDrawdown = 0n;
  let wins = 0;
  for (const trade of ordered) {
    cumulative += trade.netPnl;
    if (cumulative > peak) peak = cumulative;
    if (peak - cumulative > maxDrawdown) maxDrawdown = peak - cumulative;
    if (trade.netPnl > 0n) wins += 1;
  }
  const winRate =
    ordered.length === 0 ? null : divide(BigInt(wins), 0, BigInt(ordered.length), 0, RECORD_RATIO_SCALE, 'down');
  const returnOver = (days: number): bigint | null => {
    const since = now - days * DAY_MS;
    let net = 0n;
    let margin = 0n;
    for (const trade of ordered) {
      if (trade.closeTime < since) continue;
      net += trade.netPnl;
      margin += trade.margin;
    }
    return margin === 0n ? null : divide(net, moneyScale, margin, moneyScale, RECORD_RATIO_SCALE, 'floor');
  };
  return {
    realizedPnl: cumulative,
    closedCount: ordered.length,
    winRate,
    maxDrawdown,
    returns: { 7: returnOver(7), 30: returnOver(30), 90: returnOver(90) },
  };
}
