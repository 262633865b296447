/** A channel's inclusive minimum and maximum for one amount (deposits and withdrawals). */
import { formatDecimal } from '../decimal';
import { problem, type Problem } from '../problem';

export type AmountLimitProblemCode = 'amount_below_minimum' | 'amount_above_maximum';

export interface AmountLimits {
  /** Inclusive, at the amount's scale; null: no minimum. */
  minimum: bigint | null;
  /** Inclusive, at the amount's scale; null: no maximum. */
  maximum: bigint | null;
}

/**
 * The bound the amount breaks, minimum first, named in the currency's format without trailing zeros
 * ("10", not "10.00000000"). Null when the amount is within both.
 */
export function checkAmountLimits(
  amount: bigint,
  scale: number,
  limits: AmountLimits,
): Problem<AmountLimitProblemCode> | null {
  if (limits.minimum !== null && amount < limits.minimum) {
    return problem('amount_below_minimum', { min: formatDecimal(limits.minimum, scale, { trimZeros: true }) });
  }
  if (limits.maximum !== null && amount > limits.maximum) {
    return problem('amount_above_maximum', { max: formatDecimal(limits.maximum, scale, { trimZeros: true }) });
  }
  return null;
}
