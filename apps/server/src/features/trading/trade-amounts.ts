import { checkTradeBounds, parseStopPrice, parseTradeAmount, type BoundProblemCode } from '@kestrel/domain';
import { refuseProblem } from '../../core/errors';
import type { ScaledDecimal } from '../../core/config-decimal';

/** A customer's amount (quantity, notional, margin) at `scale`, or the refusal that says what is wrong. */
export function parseAmountOrRefuse(text: string, scale: number): bigint {
  const amount = parseTradeAmount(text, scale);
  if (amount.problem) return refuseProblem(amount.problem);
  return amount.units;
}

/** A take-profit or stop-loss level at the product's price scale. */
export function parsePriceOrRefuse(text: string | undefined, scale: number): bigint | null {
  const price = parseStopPrice(text, scale);
  if (price.problem) return refuseProblem(price.problem);
  return price.units;
}

/**
 * Refuses `value` (at `scale`) outside [minimum, maximum]; a zero maximum means "no maximum". The
 * bounds are shown as configured.
 */
export function checkBounds(
  value: bigint,
  scale: number,
  minimum: ScaledDecimal,
  maximum: ScaledDecimal,
  codes: { below: BoundProblemCode; above: BoundProblemCode },
): void {
  const outside = checkTradeBounds(value, scale, { minimum, maximum }, codes);
  if (outside) refuseProblem(outside);
}
