import { parseDecimal } from '@kestrel/domain';

/** A configured decimal (rate, fee rate, limit) at exactly the precision it was written with. */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

/**
 * Parses a decimal an operator configured. Its scale is the number of significant fractional digits
 * it carries, so no configured rate is ever cut to fit a fixed scale. A malformed value throws: it is a
 * configuration fault, not the customer's mistake.
 */
export function parseConfigDecimal(text: string): ScaledDecimal {
  const trimmed = text.trim();
  const fraction = /\.(\d+)$/.exec(trimmed)?.[1] ?? '';
  const scale = fraction.replace(/0+$/, '').length;
  return { units: parseDecimal(trimmed, scale), scale };
}
