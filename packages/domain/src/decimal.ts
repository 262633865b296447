/**
 * Exact decimal numbers as bigint fixed-point: a value `units` at `scale` means units / 10^scale.
 * No Number ever holds money here (DESIGN.md §2).
 */

const DECIMAL_PATTERN = /^(-)?(\d{1,30})(?:\.(\d{1,30}))?$/;

export class DecimalFormatError extends Error {
  constructor(
    readonly input: string,
    readonly reason: 'syntax' | 'precision',
  ) {
    super(`invalid decimal (${reason}): ${JSON.stringify(input.slice(0, 40))}`);
  }
}

export function pow10(exponent: number): bigint {
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > 36) throw new RangeError(`bad exponent ${exponent}`);
  return 10n ** BigInt(exponent);
}

/** Parses a decimal string to units at `scale`. More fractional digits than `scale` is an error, never a silent rounding. */
export function parseDecimal(text: string, scale: number): bigint {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) throw new DecimalFormatError(text, 'syntax');
  const [, minus, whole = '0', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw new DecimalFormatError(text, 'precision');
  const units = BigInt(whole) * pow10(scale) + (significant ? BigInt(significant.padEnd(scale, '0')) : 0n);
  return minus ? -units : units;
}

/** Formats units at `scale` as a plain decimal string with exactly `scale` fractional digits (or `minimumFractionDigits`..scale when trimming). */
export function formatDecimal(units: bigint, scale: number, options: { trimZeros?: boolean } = {}): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const divisor = pow10(scale);
  const whole = (absolute / divisor).toString();
  let fraction = scale > 0 ? (absolute % divisor).toString().padStart(scale, '0') : '';
  if (options.trimZeros) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
