/**
 * The money rules of a withdrawal: the channel's published fee schedule, and the checks of a requested
 * amount in the order the server refuses them (API-FACTS "Recharge and withdraw"): the channel's minimum
 * and maximum, its opening hours, a fee below the amount, then the available balance. The amount's own
 * format is parseCustomerAmount's; what needs the database (the destination, the password, the daily
 * count) stays with the server.
 */
import { formatDecimal, multiply, parseDecimal } from '../decimal';
import { problem, type Problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';
import { checkAmountLimits, type AmountLimitProblemCode } from './amount-limits';
import { isWithinOpenHours } from './open-hours';

/** Fee rates of withdrawal channels are fractions (0.005 = 0.5 %) with at most this many decimals. */
export const WITHDRAWAL_FEE_RATE_SCALE = 12;

/** A schedule that would pay the customer to withdraw: the operator's mistake, never a customer's problem. */
export class WithdrawalScheduleError extends RangeError {
  override readonly name = 'WithdrawalScheduleError';
}

/**
 * fee = amount x rate, rounded UP to the currency's scale (the customer pays it), plus the fixed fee.
 * Nothing outside the channel's published schedule is ever added. A rate that is not a decimal with at
 * most 12 decimals throws DecimalFormatError; a negative rate or fixed fee throws WithdrawalScheduleError.
 */
export function withdrawalFee(amount: bigint, scale: number, feeRate: string, feeFixed: bigint): bigint {
  const rate = parseDecimal(feeRate, WITHDRAWAL_FEE_RATE_SCALE);
  if (rate < 0n || feeFixed < 0n)
    throw new WithdrawalScheduleError(`negative fee in the schedule: ${feeRate}, ${feeFixed}`);
  return multiply(amount, scale, rate, WITHDRAWAL_FEE_RATE_SCALE, scale, HOUSE_ROUNDING.customerPays) + feeFixed;
}

/** One withdrawal channel's terms, amounts at the currency's scale. */
export interface WithdrawalChannelTerms {
  scale: number;
  /** Inclusive; null: none. */
  minimum: bigint | null;
  /** Inclusive; null: none. */
  maximum: bigint | null;
  /** A fraction, as configured ("0.005"). */
  feeRate: string;
  feeFixed: bigint;
  /** The UTC window 'HH:MM-HH:MM'. */
  openHours: string;
}

export type WithdrawalProblemCode =
  AmountLimitProblemCode | 'withdraw_channel_closed' | 'withdraw_fee_exceeds_amount' | 'insufficient_balance';

/**
 * The first rule the request breaks (or null), with the fee by the schedule and the net (amount - fee:
 * what leaves the platform), known once the checks before the fee have passed.
 */
export type WithdrawalCheck =
  | { problem: null; fee: bigint; net: bigint }
  | { problem: Problem<WithdrawalProblemCode>; fee: bigint | null; net: bigint | null };

/**
 * Checks a parsed amount against the channel, first problem wins:
 * below the minimum, above the maximum, outside the opening hours (only when `at` is given: a screen
 * that shows the hours elsewhere leaves it out), a fee that is not below the amount, more than the
 * available balance (only when `available` is given: the ledger has the last word on the server).
 */
export function checkWithdrawal(
  amount: bigint,
  channel: WithdrawalChannelTerms,
  context: { at?: number; available?: bigint } = {},
): WithdrawalCheck {
  const refused = (found: Problem<WithdrawalProblemCode>, fee: bigint | null = null): WithdrawalCheck => ({
    problem: found,
    fee,
    net: fee === null ? null : amount - fee,
  });
  const outside = checkAmountLimits(amount, channel.scale, channel);
  if (outside) return refused(outside);
  if (context.at !== undefined && !isWithinOpenHours(channel.openHours, context.at)) {
    return refused(problem('withdraw_channel_closed', { hours: channel.openHours }));
  }
  const fee = withdrawalFee(amount, channel.scale, channel.feeRate, channel.feeFixed);
  if (fee >= amount) {
    return refused(
      problem('withdraw_fee_exceeds_amount', { fee: formatDecimal(fee, channel.scale, { trimZeros: true }) }),
      fee,
    );
  }
  if (context.available !== undefined && context.available < amount) {
    return refused(problem('insufficient_balance'), fee);
  }
  return { problem: null, fee, net: amount - fee };
}
