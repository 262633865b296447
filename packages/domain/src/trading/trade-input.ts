/**
 * What a customer types into a spot or contract order, checked: an amount (quantity, notional or
 * margin) at its scale, a take-profit or stop-loss level at the product's price scale, a value within
 * the product's configured bounds, and the balance share shown as a percentage. Each answers the
 * problem the server refuses with (`error.<code>`), never throws for the customer's mistake.
 */
import { compareScaled, DecimalFormatError, formatDecimal, parseDecimal, parsePositiveAmount } from '../decimal';
import { problem, type Problem } from '../problem';
import type { ScaledValue } from './contract-math';

export type TradeAmountProblemCode = 'amount_precision' | 'amount_not_positive' | 'amount_invalid';

export type TradeAmount = { units: bigint; problem: null } | { units: null; problem: Problem<TradeAmountProblemCode> };

/**
 * A positive amount at `scale`: finer than the scale is `amount_precision` (with `decimals`), zero or
 * negative `amount_not_positive`, anything else that is not a plain decimal `amount_invalid`. Unlike a
 * funding amount (parseCustomerAmount), "-0.000000001" is refused for its precision: the parser finds
 * that first, and trade orders have always answered so.
 */
export function parseTradeAmount(text: string, scale: number): TradeAmount {
  try {
    return { units: parsePositiveAmount(text, scale), problem: null };
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'precision') return { units: null, problem: problem('amount_precision', { decimals: scale }) };
    if (error.reason === 'sign') return { units: null, problem: problem('amount_not_positive') };
    return { units: null, problem: problem('amount_invalid') };
  }
}

export type StopPrice = { units: bigint | null; problem: null } | { units: null; problem: Problem<'price_invalid'> };

/**
 * A take-profit or stop-loss level at the price scale; an absent one (undefined) is no level. Anything
 * that is not a positive decimal at the scale is `price_invalid` (with `decimals`).
 */
export function parseStopPrice(text: string | undefined, scale: number): StopPrice {
  if (text === undefined) return { units: null, problem: null };
  const invalid = { units: null, problem: problem('price_invalid', { decimals: scale }) };
  let units: bigint;
  try {
    units = parseDecimal(text, scale);
  } catch (error) {
    if (error instanceof DecimalFormatError) return invalid;
    throw error;
  }
  return units <= 0n ? invalid : { units, problem: null };
}

export type BoundProblemCode =
  'quantity_below_minimum' | 'quantity_above_maximum' | 'margin_below_minimum' | 'margin_above_maximum';

/**
 * The problem of a `value` (at `scale`) outside [minimum, maximum], or null; a zero maximum means "no
 * maximum". Compared exactly at whichever scale is finer; the bound is named as configured ("0.001").
 */
export function checkTradeBounds<Code extends BoundProblemCode>(
  value: bigint,
  scale: number,
  bounds: { minimum: ScaledValue; maximum: ScaledValue },
  codes: { below: Code; above: Code },
): Problem<Code> | null {
  const { minimum, maximum } = bounds;
  if (compareScaled(value, scale, minimum.units, minimum.scale) < 0) {
    return problem(codes.below, { min: formatDecimal(minimum.units, minimum.scale) });
  }
  if (maximum.units > 0n && compareScaled(value, scale, maximum.units, maximum.scale) > 0) {
    return problem(codes.above, { max: formatDecimal(maximum.units, maximum.scale) });
  }
  return null;
}

/** A fraction as the percentage a message shows: 0.9 -> "90", 0.125 -> "12.5". */
export function shareAsPercent(share: ScaledValue): string {
  return formatDecimal(share.units * 100n, share.scale, { trimZeros: true }).replace(/\.$/, '');
}
