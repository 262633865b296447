import { compareScaled, DecimalFormatError, formatDecimal, parseDecimal, parsePositiveAmount } from '@kestrel/domain';
import { refuse } from '../../core/errors';
import type { ScaledDecimal } from '../../core/config-decimal';

/** A customer's amount (quantity, notional, margin) at `scale`, or the refusal that says what is wrong. */
export function parseAmountOrRefuse(text: string, scale: number): bigint {
  try {
    return parsePositiveAmount(text, scale);
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'precision') refuse('error.amount_precision', { decimals: scale });
    if (error.reason === 'sign') refuse('error.amount_not_positive');
    return refuse('error.amount_invalid');
  }
}

/** A take-profit or stop-loss level at the product's price scale. */
export function parsePriceOrRefuse(text: string | undefined, scale: number): bigint | null {
  if (text === undefined) return null;
  try {
    const units = parseDecimal(text, scale);
    if (units <= 0n) refuse('error.price_invalid', { decimals: scale });
    return units;
  } catch (error) {
    if (error instanceof DecimalFormatError) refuse('error.price_invalid', { decimals: scale });
    throw error;
  }
}

type BoundKey =
  | 'error.quantity_below_minimum'
  | 'error.quantity_above_maximum'
  | 'error.margin_below_minimum'
  | 'error.margin_above_maximum';

/**
 * Refuses `value` (at `scale`) outside [minimum, maximum]; a zero maximum means "no maximum". The
 * bounds are shown as configured.
 */
export function checkBounds(
  value: bigint,
  scale: number,
  minimum: ScaledDecimal,
  maximum: ScaledDecimal,
  keys: { below: BoundKey; above: BoundKey },
): void {
  if (compareScaled(value, scale, minimum.units, minimum.scale) < 0) {
    refuse(keys.below, { min: formatDecimal(minimum.units, minimum.scale) });
  }
  if (maximum.units > 0n && compareScaled(value, scale, maximum.units, maximum.scale) > 0) {
    refuse(keys.above, { max: formatDecimal(maximum.units, maximum.scale) });
  }
}

/** Percent of a fraction for messages: "0.9" -> "90". */
export function shareAsPercent(share: ScaledDecimal): string {
  return formatDecimal(share.units * 100n, share.scale, { trimZeros: true }).replace(/\.$/, '');
}
