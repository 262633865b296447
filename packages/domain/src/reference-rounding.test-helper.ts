import type { Rounding } from './rounding';

/**
 * An independent reference: the exact quotient n/d lies in [floor, floor + 1); each mode picks one of
 * the two neighbours by comparing the exact remainder, never by reusing the implementation's truncation.
 */
export function referenceRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator < 0n) return referenceRound(-numerator, -denominator, rounding);
  let floor = numerator / denominator;
  if (numerator % denominator !== 0n && numerator < 0n) floor -= 1n;
  const excess = numerator - floor * denominator; // 0 <= excess < denominator
  if (excess === 0n) return floor;
  const lower = floor;
  const upper = floor + 1n;
  const positive = numerator > 0n;
  const nearest = (tie: bigint): bigint =>
    2n * excess < denominator ? lower : 2n * excess > denominator ? upper : tie;
  switch (rounding) {
    case 'down':
      return positive ? lower : upper;
    case 'up':
      return positive ? upper : lower;
    case 'floor':
      return lower;
    case 'ceiling':
      return upper;
    case 'half-up':
      return nearest(positive ? upper : lower);
    case 'half-even':
      return nearest(lower % 2n === 0n ? lower : upper);
  }
}
