/**
 * The trader's share of a follower's profit (copy trading, issue 14), with a high-water mark.
 *
 * A follow carries its net realized PnL (every mirrored close, after both fees, before any share) and
 * the highest that figure has been, starting at zero. When a mirrored position closes, the follower
 * pays `rate` of how far the new net figure rises above the mark, rounded DOWN (the payer's favour),
 * and the mark moves up to it. So: a loss pays nothing; a later gain pays only once the earlier loss is
 * made good; and across a whole follow the shares add up to at most rate x the best net result it
 * reached, never more than rate x the gains of the positions that paid.
 *
 * Invariant: highWaterMark >= max(0, realizedNet) before and after.
 */
import { multiply } from '../decimal';
import type { ScaledValue } from '../trading/contract-math';

export interface FollowResult {
  /** Net realized PnL of the follow's mirrored positions, money units. */
  realizedNet: bigint;
  /** The highest realizedNet has been, and never below zero. */
  highWaterMark: bigint;
}

export function profitShareOnClose(
  before: FollowResult,
  positionNet: bigint,
  rate: ScaledValue,
  moneyScale: number,
): { share: bigint; after: FollowResult } {
  if (before.highWaterMark < 0n || before.highWaterMark < before.realizedNet) {
    throw new RangeError('a follow’s high-water mark is never below zero or below its result');
  }
  if (rate.units < 0n) throw new RangeError('a profit share rate is never negative');
  const realizedNet = before.realizedNet + positionNet;
  const above = realizedNet - before.highWaterMark;
  if (above <= 0n) return { share: 0n, after: { realizedNet, highWaterMark: before.highWaterMark } };
  const share = multiply(above, moneyScale, rate.units, rate.scale, moneyScale, 'down');
  return { share, after: { realizedNet, highWaterMark: realizedNet } };
}
