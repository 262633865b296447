/**
 * Exact decimal numbers as bigint fixed-point: a value `units` at `scale` means units / 10^scale.
 * No Number ever holds money here (DESIGN.md §2). Every operation that can lose precision takes an
 * explicit Rounding; see rounding.ts for the house rule (customer pays: up, customer receives: down).
 */
import { divideWithRounding, DivisionByZeroError, type Rounding } from './rounding';

/** The only accepted shape: an optional leading '-', ASCII digits, optionally '.' and more digits. */
const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** More integer digits than this is refused: no amount, price or quantity in the house comes near it. */
export const MAXIMUM_INTEGER_DIGITS = 30;

/** Scales run 0..36, the range pow10 accepts; wider scales are a bug, not a need. */
export const MAXIMUM_SCALE = 36;

/**
 * - syntax: not a plain decimal (empty, '+', exponent, inner whitespace, stray characters, '.5', '1.').
 * - precision: more significant fractional digits than the scale holds (never silently rounded).
 * - range: more than MAXIMUM_INTEGER_DIGITS integer digits.
 * - sign: zero or negative where a positive amount is required.
 */
export type DecimalFormatReason = 'syntax' | 'precision' | 'range' | 'sign';

export class DecimalFormatError extends Error {
  constructor(
    readonly input: string,
    readonly reason: DecimalFormatReason,
  ) {
    super(`invalid decimal (${reason}): ${JSON.stringify(input.slice(0, 40))}`);
    this.name = 'DecimalFormatError';
  }
}

export function pow10(exponent: number): bigint {
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > MAXIMUM_SCALE) {
    throw new RangeError(`bad exponent ${exponent}`);
  }
  return 10n ** BigInt(exponent);
}

function checkScale(scale: number): void {
  pow10(scale); // validates the range and integrality with one message
}

/**
 * Parses a decimal string to units at `scale`. More fractional digits than `scale` is an error, never a
 * silent rounding (trailing zeros beyond the scale are fine: "1.500" at scale 2 is 150).
 * Surrounding whitespace is trimmed (form bodies and copy-paste carry it); whitespace inside is refused.
 */
export function parseDecimal(text: string, scale: number): bigint {
  const divisor = pow10(scale);
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) throw new DecimalFormatError(text, 'syntax');
  const [, minus, whole = '0', fraction = ''] = match;
  if (whole.length > MAXIMUM_INTEGER_DIGITS) throw new DecimalFormatError(text, 'range');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw new DecimalFormatError(text, 'precision');
  const units = BigInt(whole) * divisor + (significant ? BigInt(significant.padEnd(scale, '0')) : 0n);
  return minus ? -units : units;
}

/**
 * Parses an amount the customer enters (order size, withdrawal, transfer): like parseDecimal, and
 * zero or negative is refused with reason 'sign'. A sign on a money request is never meaningful: the
 * direction comes from the action, not from the number.
 */
export function parsePositiveAmount(text: string, scale: number): bigint {
  const units = parseDecimal(text, scale);
  if (units <= 0n) throw new DecimalFormatError(text, 'sign');
  return units;
}

/** Formats units at `scale` as a plain decimal string with exactly `scale` fractional digits (fewer when trimming zeros). */
export function formatDecimal(units: bigint, scale: number, options: { trimZeros?: boolean } = {}): string {
  const negative = units < 0n;
  const absoluteUnits = negative ? -units : units;
  const divisor = pow10(scale);
  const whole = (absoluteUnits / divisor).toString();
  let fraction = scale > 0 ? (absoluteUnits % divisor).toString().padStart(scale, '0') : '';
  if (options.trimZeros) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Changes the scale of a value. Widening is exact; narrowing rounds by `rounding`.
 * rescale(150n, 2, 1, 'down') is 15n (1.50 -> 1.5); rescale(155n, 2, 1, 'half-even') is 16n.
 */
export function rescale(units: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  checkScale(fromScale);
  checkScale(toScale);
  return shiftScale(units, fromScale, toScale, rounding);
}

/**
 * rescale without the range checks, for a scale the caller has derived rather than been given: the exact
 * product in multiply has scale aScale + bScale, which may lie beyond the largest scale a value may have.
 */
function shiftScale(units: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  if (toScale >= fromScale) return units * 10n ** BigInt(toScale - fromScale);
  return divideWithRounding(units, 10n ** BigInt(fromScale - toScale), rounding);
}

/** (a at aScale) * (b at bScale), as units at resultScale, rounded once by `rounding`. */
export function multiply(
  a: bigint,
  aScale: number,
  b: bigint,
  bScale: number,
  resultScale: number,
  rounding: Rounding,
): bigint {
  checkScale(aScale);
  checkScale(bScale);
  checkScale(resultScale);
  // The exact product has scale aScale + bScale; one division brings it to resultScale.
  return shiftScale(a * b, aScale + bScale, resultScale, rounding);
}

/** (a at aScale) / (b at bScale), as units at resultScale, rounded once by `rounding`. Throws DivisionByZeroError when b is 0. */
export function divide(
  a: bigint,
  aScale: number,
  b: bigint,
  bScale: number,
  resultScale: number,
  rounding: Rounding,
): bigint {
  checkScale(aScale);
  checkScale(bScale);
  checkScale(resultScale);
  if (b === 0n) throw new DivisionByZeroError();
  // a/10^aScale / (b/10^bScale) * 10^resultScale = a * 10^(bScale + resultScale) / (b * 10^aScale)
  return divideWithRounding(a * 10n ** BigInt(bScale + resultScale), b * 10n ** BigInt(aScale), rounding);
}

/** -1, 0 or 1. Both operands at the same scale; use compareScaled when they differ. */
export function compare(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares values held at different scales, exactly (no rounding). */
export function compareScaled(a: bigint, aScale: number, b: bigint, bScale: number): -1 | 0 | 1 {
  const commonScale = Math.max(aScale, bScale);
  return compare(rescale(a, aScale, commonScale, 'down'), rescale(b, bScale, commonScale, 'down'));
}

/** The smallest of one or more values at the same scale. */
export function minimum(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((smallest, value) => (value < smallest ? value : smallest), first);
}

/** The largest of one or more values at the same scale. */
export function maximum(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((largest, value) => (value > largest ? value : largest), first);
}

export function absolute(units: bigint): bigint {
  return units < 0n ? -units : units;
}
