/**
 * Decimal text of the trading screens: the scale a wire value was written at, what was typed at a
 * scale, and configured decimals (rates, ratios, limits) as exact units. No Number ever holds a
 * price or an amount here (DESIGN.md §2); the server decides every figure, these only preview it.
 */
import { DecimalFormatError, formatDecimal, parseDecimal, rescale, type Rounding } from '@kestrel/domain';

/** A decimal at exactly the precision it was written with ("0.005" is 5 at scale 3). */
export interface Scaled {
  units: bigint;
  scale: number;
}

/** The number of decimals a decimal string carries ("64210.50" -> 2, "3" -> 0). */
export function decimalsOf(text: string | null | undefined): number {
  return (text?.trim().split('.')[1] ?? '').length;
}

/** A wire or configured decimal at its own precision; null when it is not a decimal. */
export function parseScaled(text: string | null | undefined): Scaled | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  const scale = Math.min(decimalsOf(trimmed), 36);
  try {
    return { units: parseDecimal(trimmed, scale), scale };
  } catch {
    return null;
  }
}

/** A wire or configured decimal at `scale`, rounded by `rounding` when it carries more decimals. */
export function unitsAt(text: string | null | undefined, scale: number, rounding: Rounding): bigint | null {
  const value = parseScaled(text);
  return value ? rescale(value.units, value.scale, scale, rounding) : null;
}

/** Units back to a plain decimal string, trailing zeros dropped ("12.50000000" -> "12.5"). */
export function plainDecimal(units: bigint, scale: number): string {
  return formatDecimal(units, scale, { trimZeros: true });
}

export type TypedDecimal =
  | { state: 'empty' }
  | { state: 'invalid'; reason: 'syntax' | 'precision' | 'not_positive' }
  | { state: 'valid'; units: bigint };

/** What the customer typed, at `scale`: never rounded, an over-precise value is an error to show. */
export function parseTyped(text: string, scale: number): TypedDecimal {
  const trimmed = text.trim();
  if (trimmed === '') return { state: 'empty' };
  try {
    const units = parseDecimal(trimmed, scale);
    return units > 0n ? { state: 'valid', units } : { state: 'invalid', reason: 'not_positive' };
  } catch (error) {
    if (error instanceof DecimalFormatError && error.reason === 'precision') {
      return { state: 'invalid', reason: 'precision' };
    }
    return { state: 'invalid', reason: 'syntax' };
  }
}

/** A fraction ("0.001") as a percentage text ("0.1"), exact, trailing zeros dropped. */
export function fractionAsPercent(text: string | null | undefined): string | null {
  const value = parseScaled(text);
  if (!value) return null;
  // x 100 is moving the point two places: the same units at two fewer decimals.
  return value.scale >= 2
    ? plainDecimal(value.units, value.scale - 2)
    : plainDecimal(value.units * 10n ** BigInt(2 - value.scale), 0);
}

/** The sign of a decimal string: 1 gain, -1 loss, 0 flat or unknown. */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const value = parseScaled(text);
  if (!value || value.units === 0n) return 0;
  return value.units > 0n ? 1 : -1;
}

/** Decimal strings added exactly at `scale` (values that are not decimals are skipped). */
export function sumDecimals(values: readonly (string | null | undefined)[], scale: number): string {
  let total = 0n;
  for (const value of values) total += unitsAt(value, scale, 'down') ?? 0n;
  return formatDecimal(total, scale);
}
