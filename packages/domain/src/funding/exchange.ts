/**
 * Exchange between two of the customer's currencies at a published rate (`userInfo/balanceConvert`):
 * the amount's format, the pair's minimum and maximum, and the quote. House rounding (DESIGN.md §2):
 * the converted amount is what the customer receives, so it rounds DOWN; the fee is what they pay, so
 * it rounds UP. Each is rounded once from the exact value, so no intermediate scale changes the result.
 * decideExchange puts the rules together for the server: the refusal, or the amounts and ledger moves.
 */
import { compareScaled, DecimalFormatError, formatDecimal, multiply, parsePositiveAmount } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
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

/** The customer's available balance and the platform's exchange float in each currency, fee income in the target. */
export type ExchangeAccountRole = 'customer' | 'exchange_float' | 'fee_income';

/** A move in the source (`from`) or the target (`to`) currency. */
export interface ExchangeMove extends LedgerMove<ExchangeAccountRole> {
  currency: 'from' | 'to';
}

/** A published pair's terms and how many exchanges of it one customer may make a day (zero: no limit). */
export interface ExchangePair extends ExchangePairTerms {
  dailyCount: number;
}

export interface ExchangeInput<Pair extends ExchangePair = ExchangePair> {
  currencyIdFrom: number;
  currencyIdTo: number;
  /** The amount as typed, in the source currency. */
  amount: string;
  /** The pair published between two visible currencies (the caller's, with whatever else it carries), or null. */
  pair: Pair | null;
  /** The customer's exchanges of this pair since the start of the UTC day (counted only when dailyCount > 0). */
  exchangesToday: number;
}

export type ExchangeRequestProblemCode =
  | 'exchange_same_currency'
  | 'exchange_pair_unknown'
  | ExchangeAmountProblemCode
  | ExchangeProblemCode
  | 'exchange_daily_limit';

/** Accepted: the pair it was decided on, the amount, the quote and the moves. */
export type ExchangeDecision<Pair extends ExchangePair = ExchangePair> = Decision<
  ExchangeRequestProblemCode,
  { pair: Pair; amount: bigint; quote: ExchangeQuote; moves: ExchangeMove[] }
>;

/**
 * `balanceConvert`, decided. First problem wins: the same currency on both sides, no published pair,
 * the amount's format, the pair's limits and the quote (checkExchange), then the pair's daily count (a
 * zero count: no limit). The balance is left to the ledger's conditional update. The moves take the
 * amount into the exchange float in the source currency and pay the converted amount out of the float
 * in the target currency, to the customer less the fee and the fee to fee income:
 *   customer (from)  -amount      float (from)  +amount
 *   float (to)       -converted   customer (to) +received     fee income (to)  +fee
 */
export function decideExchange<Pair extends ExchangePair>(request: ExchangeInput<Pair>): ExchangeDecision<Pair> {
  if (request.currencyIdFrom === request.currencyIdTo) return refusal(problem('exchange_same_currency'));
  const { pair } = request;
  if (!pair) return refusal(problem('exchange_pair_unknown'));
  const parsed = parseExchangeAmount(request.amount, pair.fromScale);
  if (parsed.problem) return refusal(parsed.problem);
  const amount = parsed.units;
  const check = checkExchange(amount, pair);
  if (check.problem) return refusal(check.problem);
  if (pair.dailyCount > 0 && request.exchangesToday >= pair.dailyCount) {
    return refusal(problem('exchange_daily_limit', { count: pair.dailyCount }));
  }
  const { quote } = check;
  return {
    problem: null,
    pair,
    amount,
    quote,
    moves: nonZeroMoves<ExchangeMove>([
      { role: 'customer', currency: 'from', amount: -amount },
      { role: 'exchange_float', currency: 'from', amount },
      { role: 'exchange_float', currency: 'to', amount: -quote.converted },
      { role: 'customer', currency: 'to', amount: quote.received },
      { role: 'fee_income', currency: 'to', amount: quote.fee },
    ]),
  };
}
