/**
 * Rounding of an exact quotient of two bigints: the single place where precision is lost.
 *
 * House rule (DESIGN.md §2): what the customer PAYS rounds UP to the scale, what the customer RECEIVES
 * rounds DOWN, so rounding never favours the platform silently at the customer's expense in a way that
 * is not written down, and never creates money the ledger does not have.
 * - For a positive amount the customer pays (fee, margin, interest owed): `customerPays` ('up').
 * - For a positive amount the customer receives (payout, interest earned, proceeds): `customerReceives` ('down').
 * - For a signed result seen from the customer's side (PnL: gain positive, loss negative) use 'floor':
 *   a gain rounds down and a loss rounds to the larger loss, which is the same rule applied to each sign.
 */

/** down/up are toward/away from zero; floor/ceiling toward -infinity/+infinity; half-* round to nearest. */
export type Rounding = 'down' | 'up' | 'floor' | 'ceiling' | 'half-up' | 'half-even';

export const ROUNDING_MODES: readonly Rounding[] = ['down', 'up', 'floor', 'ceiling', 'half-up', 'half-even'];

export const HOUSE_ROUNDING = {
  customerPays: 'up',
  customerReceives: 'down',
  customerSignedResult: 'floor',
} as const satisfies Record<string, Rounding>;

export class DivisionByZeroError extends RangeError {
  constructor() {
    super('division by zero');
    this.name = 'DivisionByZeroError';
  }
}

/** numerator / denominator rounded to an integer by `rounding`. Throws DivisionByZeroError for a zero denominator. */
export function divideWithRounding(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new DivisionByZeroError();
  // Normalise so the denominator is positive; the sign of the quotient is then the sign of the numerator.
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const truncated = numerator / denominator; // bigint division truncates toward zero
  const remainder = numerator % denominator; // same sign as the numerator
  if (remainder === 0n) return truncated;

  const negative = numerator < 0n;
  const awayFromZero = negative ? truncated - 1n : truncated + 1n;
  switch (rounding) {
    case 'down':
      return truncated;
    case 'up':
      return awayFromZero;
    case 'floor':
      return negative ? awayFromZero : truncated;
    case 'ceiling':
      return negative ? truncated : awayFromZero;
    case 'half-up':
    case 'half-even': {
      const twiceRemainder = (negative ? -remainder : remainder) * 2n;
      if (twiceRemainder < denominator) return truncated;
      if (twiceRemainder > denominator) return awayFromZero;
      // An exact tie: half-up goes away from zero, half-even to whichever neighbour is even.
      if (rounding === 'half-up') return awayFromZero;
      return truncated % 2n === 0n ? truncated : awayFromZero;
    }
    default: {
      const unknown: never = rounding;
      throw new RangeError(`unknown rounding mode ${String(unknown)}`);
    }
  }
}
