/**
 * Exchange between two of the customer's currencies at a published rate (`userInfo/balanceConvert`):
 * the amount's format, the pair's minimum and maximum, and the quote. House rounding (DESIGN.md §2):
 * the converted amount is what the customer receives, so it rounds DOWN; the fee is what they pay, so
 * it rounds UP. Each is rounded once from the exact value, so no intermediate scale changes the result.
 */
import { compareScaled, DecimalFormatError, formatDecimal, multiply, parsePositiveAmount } from '../decimal';
import { problem, type Problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';
import type { ScaledValue } from '../trading/contract-math';

export interface ExchangeQuote {
  /** amount x rate, rounded DOWN to the target scale: what the customer receives before the fee. */
  converted: bigint;
  /** converted x fee rate, rounded UP: what the customer pays. */
  fee: bigint;
  /** converted - fee: what is credited. */
  received: bigint;
}

export class ExchangeRateError extends RangeError {
  override readonly name = 'ExchangeRateError';
}

/** The quote for `amount` (at fromScale) at `rate`, in the target currency (toScale). */
export function quoteExchange(input: {
  amount: bigint;
  fromScale: number;
  toScale: number;
  rate: ScaledValue;
  feeRate: ScaledValue;
}): ExchangeQuote {
  // A negative fee rate would credit more than was converted: money the exchange float does not have.
  if (input.feeRate.units < 0n) throw new ExchangeRateError('an exchange fee rate is never negative');
  const converted = multiply(
    input.amount,
    input.fromScale,
    input.rate.units,
    input.rate.scale,
    input.toScale,
    HOUSE_ROUNDING.customerReceives,
  );
  const fee = multiply(
    converted,
    input.toScale,
    input.feeRate.units,
    input.feeRate.scale,
    input.toScale,
    HOUSE_ROUNDING.customerPays,
  );
  return { converted, fee, received: converted - fee };
}

export type ExchangeAmountProblemCode = 'exchange_amount_invalid' | 'exchange_amount_too_precise';

export type ExchangeAmount =
  { units: bigint; problem: null } | { units: null; problem: Problem<ExchangeAmountProblemCode> };

/**
 * The amount to exchange at the source currency's scale: finer than the currency is
 * `exchange_amount_too_precise` (with `scale`); anything else that is not a positive plain decimal,
 * zero and negative included, is `exchange_amount_invalid`.
 */
export function parseExchangeAmount(text: string, scale: number): ExchangeAmount {
  try {
    return { units: parsePositiveAmount(text, scale), problem: null };
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'precision')
      return { units: null, problem: problem('exchange_amount_too_precise', { scale }) };
    return { units: null, problem: problem('exchange_amount_invalid') };
  }
}

/** One published pair, its decimals as configured (each at its own precision). */
export interface ExchangePairTerms {
  fromScale: number;
  toScale: number;
  rate: ScaledValue;
  feeRate: ScaledValue;
  /** Inclusive. */
  minimum: ScaledValue;
  /** Inclusive; zero means no maximum. */
  maximum: ScaledValue;
}

export type ExchangeProblemCode =
  'exchange_below_minimum' | 'exchange_above_maximum' | 'exchange_amount_too_small' | 'insufficient_balance';

/** The first rule the exchange breaks (or null), with the quote once the amount is within the limits. */
export type ExchangeCheck =
  { problem: null; quote: ExchangeQuote } | { problem: Problem<ExchangeProblemCode>; quote: ExchangeQuote | null };

/**
 * Checks a parsed amount against the pair, first problem wins: below the minimum, above the maximum
 * (compared exactly, at whichever scale is finer), nothing left after the fee, then more than the
 * available balance (only when `available` is given: on the server the ledger's conditional update
 * decides, after the daily count). The bounds are named as configured ("10", "0.0001").
 */
export function checkExchange(amount: bigint, pair: ExchangePairTerms, available?: bigint): ExchangeCheck {
  const { minimum, maximum } = pair;
  if (compareScaled(amount, pair.fromScale, minimum.units, minimum.scale) < 0) {
    return {
      problem: problem('exchange_below_minimum', { min: formatDecimal(minimum.units, minimum.scale) }),
      quote: null,
    };
  }
  if (maximum.units > 0n && compareScaled(amount, pair.fromScale, maximum.units, maximum.scale) > 0) {
    return {
      problem: problem('exchange_above_maximum', { max: formatDecimal(maximum.units, maximum.scale) }),
      quote: null,
    };
  }
  const quote = quoteExchange({
    amount,
    fromScale: pair.fromScale,
    toScale: pair.toScale,
    rate: pair.rate,
    feeRate: pair.feeRate,
  });
  if (quote.received <= 0n) return { problem: problem('exchange_amount_too_small'), quote };
  if (available !== undefined && available < amount) return { problem: problem('insufficient_balance'), quote };
  return { problem: null, quote };
}
