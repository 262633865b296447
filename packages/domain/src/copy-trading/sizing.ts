/**
 * How big a mirrored position is (copy trading, issue 14): the follower copies the trader's product,
 * direction and leverage; the margin is the follow's fixed amount, or the trader's margin times the
 * follow's ratio rounded DOWN to the money scale (the follower never puts up more than the ratio says).
 * A ratio so small that the margin rounds to zero cannot be copied.
 */
import { multiply } from '../decimal';
import { problem, type Problem } from '../problem';
import type { ScaledValue } from '../trading/contract-math';

export type CopySizing = { mode: 'fixed'; margin: bigint } | { mode: 'ratio'; ratio: ScaledValue };

export function mirroredMargin(
  sizing: CopySizing,
  traderMargin: bigint,
  moneyScale: number,
): { margin: bigint; problem?: undefined } | { problem: Problem<'copy_margin_too_small'>; margin?: undefined } {
  if (traderMargin <= 0n) throw new RangeError(`a trader's margin is positive, got ${traderMargin}`);
  const margin =
    sizing.mode === 'fixed'
      ? sizing.margin
      : multiply(traderMargin, moneyScale, sizing.ratio.units, sizing.ratio.scale, moneyScale, 'down');
  if (margin <= 0n) return { problem: problem('copy_margin_too_small') };
  return { margin };
}
