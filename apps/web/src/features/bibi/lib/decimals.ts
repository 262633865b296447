import { DecimalFormatError, formatDecimal, parseDecimal, pow10 } from '@kestrel/domain';

/**
 * Decimal strings from the wire and from inputs, as bigint units. The coin-to-coin screens compare and
 * add prices and volumes (cumulative depth, totals, fees); none of that goes through a float.
 */

/** Digits after the point of a plain decimal string ("0.010" has 3). */
export function scaleOf(text: string): number {
  const fraction = text.split('.')[1];
  return fraction ? fraction.length : 0;
}

/** The units of a wire decimal at `scale`, or null when it is not a decimal or is finer than the scale. */
export function unitsAt(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  try {
    return parseDecimal(text, scale);
  } catch (error) {
    if (error instanceof DecimalFormatError) return null;
    throw error;
  }
}

/** The units of a wire decimal that is known to be valid (the contract's decimalString); 0 otherwise. */
export function unitsOrZero(text: string | null | undefined, scale: number): bigint {
  return unitsAt(text, scale) ?? 0n;
}

/** units at `scale` as a plain decimal string with exactly `scale` digits. */
export function textOf(units: bigint, scale: number): string {
  return formatDecimal(units, scale);
}

/** What a form input holds, without thousands separators or spaces; a comma typed as the point becomes one. */
export function normaliseInput(text: string): string {
  return text.replace(/\s+/g, '').replace(/,/g, '.');
}

/** The ratio of part to whole as a percentage 0..100 for a bar's width (display only, never money). */
export function barPercent(part: bigint, whole: bigint): number {
  if (whole <= 0n || part <= 0n) return 0;
  if (part >= whole) return 100;
  // Basis points in bigint, then one small integer to a Number: exact enough for a CSS width.
  return Number((part * 10_000n) / whole) / 100;
}

/** 10^scale, re-exported for the form's step arithmetic. */
export { pow10 };
