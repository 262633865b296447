/**
 * Exact arithmetic on the decimal strings of the wire (prices, amounts), for the figures the new-share
 * and staking screens compute: a lot's cost, what is left after a subscription, a product's range, the
 * overview's totals. Bigint at the value's own precision, never a Number.
 */
import { compareScaled, formatDecimal, parseDecimal } from '@kestrel/domain';

/** A decimal at exactly the precision it was written with ("12.50" is 1250 at scale 2). */
export interface Scaled {
  units: bigint;
  scale: number;
}

/** A wire decimal at its own precision; null when it is not one. */
export function parseScaled(text: string | null | undefined): Scaled | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  const scale = Math.min(/\.(\d+)$/.exec(trimmed)?.[1]?.length ?? 0, 36);
  try {
    return { units: parseDecimal(trimmed, scale), scale };
  } catch {
    return null;
  }
}

/** The plain decimal text of a value, at its scale. */
export const textOf = (value: Scaled): string => formatDecimal(value.units, value.scale);

/** value x a whole number, exactly. */
export const timesWhole = (value: Scaled, factor: number | bigint): Scaled => ({
  units: value.units * BigInt(factor),
  scale: value.scale,
});

/** a - b, exactly, at the finer of the two scales. */
export function minus(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * 10n ** BigInt(scale - a.scale) - b.units * 10n ** BigInt(scale - b.scale), scale };
}

/** -1, 0 or 1, exactly. */
export const compareValues = (a: Scaled, b: Scaled): -1 | 0 | 1 => compareScaled(a.units, a.scale, b.units, b.scale);

/** How many decimals a price shows: its own significant ones, at least `minimum` (a price of 0.0035 is not "0.00"). */
export function priceDecimals(text: string, minimum: number): number {
  const fraction = (/\.(\d+)$/.exec(text.trim())?.[1] ?? '').replace(/0+$/, '');
  return Math.max(minimum, Math.min(fraction.length, 8));
}
