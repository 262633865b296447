import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  absolute,
  compare,
  compareScaled,
  DecimalFormatError,
  divide,
  formatDecimal,
  maximum,
  minimum,
  multiply,
  parseDecimal,
  parsePositiveAmount,
  pow10,
  rescale,
} from './decimal';
import { DivisionByZeroError, ROUNDING_MODES, type Rounding } from './rounding';
import { referenceRound } from './reference-rounding.test-helper';

const numRuns = process.env.CI ? 1000 : 200;
const scale = fc.integer({ min: 0, max: 12 });
const units = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n });

function reasonOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DecimalFormatError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('parseDecimal', () => {
  it.each([
    ['0', 2, 0n],
    ['-0', 2, 0n],
    ['1', 2, 100n],
    ['1.5', 2, 150n],
    ['1.500', 2, 150n],
    ['-12.34', 2, -1234n],
    ['0.00000001', 8, 1n],
    ['007', 0, 7n],
    [' 3.25 ', 2, 325n],
    ['9'.repeat(30), 0, 10n ** 30n - 1n],
    ['123', 0, 123n],
  ] as const)('%j at scale %i is %s', (text, scale, expected) => {
    expect(parseDecimal(text, scale)).toBe(expected);
  });

  it.each([
    ['', 'syntax'],
    [' ', 'syntax'],
    ['-', 'syntax'],
    ['+1', 'syntax'],
    ['--1', 'syntax'],
    ['1-', 'syntax'],
    ['1e5', 'syntax'],
    ['1E-2', 'syntax'],
    ['1 000', 'syntax'],
    ['1. 5', 'syntax'],
    ['- 1', 'syntax'],
    ['1,000', 'syntax'],
    ['.5', 'syntax'],
    ['1.', 'syntax'],
    ['0x10', 'syntax'],
    ['Infinity', 'syntax'],
    ['NaN', 'syntax'],
    ['１２', 'syntax'], // full-width digits
    ['١٢', 'syntax'], // Arabic-Indic digits
    ['\u22121', 'syntax'], // Unicode minus sign
    ['1.234', 'precision'],
    ['9'.repeat(31), 'range'],
    ['0'.repeat(31), 'range'],
  ] as const)('refuses %j (%s)', (text, reason) => {
    expect(reasonOf(() => parseDecimal(text, 2))).toBe(reason);
  });

  it('refuses a bad scale', () => {
    expect(() => parseDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseDecimal('1', 37)).toThrow(RangeError);
    expect(() => parseDecimal('1', 1.5)).toThrow(RangeError);
  });

  it('round-trips format then parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }), fc.boolean(), fc.bigInt(), (scale, trimZeros, seed) => {
        const bound = 10n ** BigInt(30 + scale);
        const units = seed % bound; // at most 30 integer digits
        expect(parseDecimal(formatDecimal(units, scale, { trimZeros }), scale)).toBe(units);
      }),
      { numRuns },
    );
  });

  it('round-trips parse then format for canonical strings', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 10 }),
        (units, scale) => {
          const text = formatDecimal(units, scale);
          expect(formatDecimal(parseDecimal(text, scale), scale)).toBe(text);
        },
      ),
      { numRuns },
    );
  });
});

describe('parsePositiveAmount', () => {
  it('accepts positive amounts', () => {
    expect(parsePositiveAmount('0.01', 2)).toBe(1n);
    expect(parsePositiveAmount('100', 8)).toBe(100n * 10n ** 8n);
  });
  it.each([
    ['0', 'sign'],
    ['0.00', 'sign'],
    ['-0', 'sign'],
    ['-1', 'sign'],
    ['+1', 'syntax'],
    ['0.001', 'precision'],
    ['', 'syntax'],
  ] as const)('refuses %j (%s)', (text, reason) => {
    expect(reasonOf(() => parsePositiveAmount(text, 2))).toBe(reason);
  });
});

describe('formatDecimal', () => {
  it.each([
    [0n, 2, '0.00'],
    [-1n, 2, '-0.01'],
    [150n, 2, '1.50'],
    [150n, 0, '150'],
    [-123456789n, 8, '-1.23456789'],
  ] as const)('%s at %i is %s', (units, scale, expected) => {
    expect(formatDecimal(units, scale)).toBe(expected);
  });
  it('trims zeros on request', () => {
    expect(formatDecimal(150n, 2, { trimZeros: true })).toBe('1.5');
    expect(formatDecimal(100n, 2, { trimZeros: true })).toBe('1');
    expect(formatDecimal(0n, 2, { trimZeros: true })).toBe('0');
  });
  it('pow10 guards its range', () => {
    expect(pow10(0)).toBe(1n);
    expect(pow10(36)).toBe(10n ** 36n);
    expect(() => pow10(37)).toThrow(RangeError);
  });
});

describe('rescale', () => {
  it.each([
    [150n, 2, 1, 'down', 15n],
    [155n, 2, 1, 'down', 15n],
    [155n, 2, 1, 'up', 16n],
    [155n, 2, 1, 'half-even', 16n],
    [145n, 2, 1, 'half-even', 14n],
    [-155n, 2, 1, 'floor', -16n],
    [-155n, 2, 1, 'ceiling', -15n],
    [15n, 1, 3, 'down', 1500n],
    [7n, 4, 4, 'up', 7n],
  ] as const)('%s from %i to %i (%s) is %s', (units, from, to, rounding, expected) => {
    expect(rescale(units, from, to, rounding)).toBe(expected);
  });

  it('widening then narrowing returns the original under every mode', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        fc.constantFrom(...ROUNDING_MODES),
        (units, scale, extra, rounding) => {
          expect(rescale(rescale(units, scale, scale + extra, 'down'), scale + extra, scale, rounding)).toBe(units);
        },
      ),
      { numRuns },
    );
  });

  it('narrowing then widening stays within one step, on the promised side', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 17 }),
        (units, scale, narrower) => {
          const target = Math.min(narrower, scale - 1);
          const step = 10n ** BigInt(scale - target);
          const back = (rounding: Rounding) => rescale(rescale(units, scale, target, rounding), target, scale, 'down');
          expect(back('floor') <= units && units <= back('ceiling')).toBe(true);
          expect(back('ceiling') - back('floor') <= step).toBe(true);
          expect(absolute(back('down')) <= absolute(units)).toBe(true);
          expect(absolute(back('up')) >= absolute(units)).toBe(true);
          // Narrowing is idempotent: a value already on the coarse grid is unchanged by every mode.
          for (const rounding of ROUNDING_MODES)
            expect(rescale(back(rounding), scale, target, 'down')).toBe(rescale(units, scale, target, rounding));
        },
      ),
      { numRuns },
    );
  });
});

describe('multiply and divide', () => {
  it('examples', () => {
    // 1.5 * 2.25 = 3.375
    expect(multiply(15n, 1, 225n, 2, 2, 'down')).toBe(337n);
    expect(multiply(15n, 1, 225n, 2, 2, 'up')).toBe(338n);
    expect(multiply(15n, 1, 225n, 2, 2, 'half-even')).toBe(338n);
    expect(multiply(15n, 1, 225n, 2, 4, 'down')).toBe(33750n);
    expect(multiply(-15n, 1, 225n, 2, 2, 'floor')).toBe(-338n);
    // Fee: 1000.00 USDT at a rate of 0.0015 = 1.5 exactly; 333.33 * 0.0015 = 0.499995 -> pays 0.50
    expect(multiply(100000n, 2, 15n, 4, 2, 'up')).toBe(150n);
    expect(multiply(33333n, 2, 15n, 4, 2, 'up')).toBe(50n);
    expect(multiply(33333n, 2, 15n, 4, 2, 'down')).toBe(49n);
    // 10 / 3 at scale 4
    expect(divide(10n, 0, 3n, 0, 4, 'down')).toBe(33333n);
    expect(divide(10n, 0, 3n, 0, 4, 'up')).toBe(33334n);
    expect(divide(-10n, 0, 3n, 0, 4, 'half-up')).toBe(-33333n);
    // 1.00 / 0.25 = 4
    expect(divide(100n, 2, 25n, 2, 0, 'down')).toBe(4n);
    expect(divide(1n, 8, 2n, 0, 8, 'half-even')).toBe(0n); // 0.000000005 -> even neighbour 0
    expect(divide(3n, 8, 2n, 0, 8, 'half-even')).toBe(2n); // 0.000000015 -> even neighbour 2
  });

  it('division by zero throws', () => {
    expect(() => divide(1n, 2, 0n, 2, 2, 'down')).toThrow(DivisionByZeroError);
    expect(() => divide(0n, 2, 0n, 0, 2, 'up')).toThrow(DivisionByZeroError);
  });

  it('multiply agrees with the exact rational product under every mode', () => {
    fc.assert(
      fc.property(
        units,
        scale,
        units,
        scale,
        scale,
        fc.constantFrom(...ROUNDING_MODES),
        (a, aScale, b, bScale, resultScale, rounding) => {
          // exact = a*b / 10^(aScale+bScale); result units = exact * 10^resultScale
          const numerator = a * b * 10n ** BigInt(resultScale);
          const denominator = 10n ** BigInt(aScale + bScale);
          expect(multiply(a, aScale, b, bScale, resultScale, rounding)).toBe(
            referenceRound(numerator, denominator, rounding),
          );
        },
      ),
      { numRuns },
    );
  });

  it('divide agrees with the exact rational quotient under every mode', () => {
    fc.assert(
      fc.property(
        units,
        scale,
        units.filter((value) => value !== 0n),
        scale,
        scale,
        fc.constantFrom(...ROUNDING_MODES),
        (a, aScale, b, bScale, resultScale, rounding) => {
          // exact = (a / 10^aScale) / (b / 10^bScale) = a * 10^bScale / (b * 10^aScale)
          const numerator = a * 10n ** BigInt(bScale) * 10n ** BigInt(resultScale);
          const denominator = b * 10n ** BigInt(aScale);
          expect(divide(a, aScale, b, bScale, resultScale, rounding)).toBe(
            referenceRound(numerator, denominator, rounding),
          );
        },
      ),
      { numRuns },
    );
  });

  it('for positives, up >= exact >= down, in multiply and divide', () => {
    const positive = fc.bigInt({ min: 1n, max: 10n ** 20n });
    fc.assert(
      fc.property(positive, scale, positive, scale, scale, (a, aScale, b, bScale, resultScale) => {
        const productExact = {
          numerator: a * b * 10n ** BigInt(resultScale),
          denominator: 10n ** BigInt(aScale + bScale),
        };
        const up = multiply(a, aScale, b, bScale, resultScale, 'up');
        const down = multiply(a, aScale, b, bScale, resultScale, 'down');
        expect(up * productExact.denominator >= productExact.numerator).toBe(true);
        expect(down * productExact.denominator <= productExact.numerator).toBe(true);
        expect(up - down <= 1n).toBe(true);

        const quotientExact = {
          numerator: a * 10n ** BigInt(bScale + resultScale),
          denominator: b * 10n ** BigInt(aScale),
        };
        const quotientUp = divide(a, aScale, b, bScale, resultScale, 'up');
        const quotientDown = divide(a, aScale, b, bScale, resultScale, 'down');
        expect(quotientUp * quotientExact.denominator >= quotientExact.numerator).toBe(true);
        expect(quotientDown * quotientExact.denominator <= quotientExact.numerator).toBe(true);
        expect(quotientUp - quotientDown <= 1n).toBe(true);
      }),
      { numRuns },
    );
  });

  it('dividing a product by its factor recovers the value when no rounding happened', () => {
    fc.assert(
      fc.property(
        units,
        scale,
        units.filter((value) => value !== 0n),
        scale,
        (a, aScale, b, bScale) => {
          const product = multiply(a, aScale, b, bScale, aScale + bScale, 'down'); // exact at this scale
          expect(divide(product, aScale + bScale, b, bScale, aScale, 'down')).toBe(a);
        },
      ),
      { numRuns },
    );
  });
});

describe('compare, minimum, maximum, absolute', () => {
  it('compare', () => {
    expect(compare(1n, 2n)).toBe(-1);
    expect(compare(2n, 2n)).toBe(0);
    expect(compare(-1n, -2n)).toBe(1);
  });
  it('compareScaled compares exactly across scales', () => {
    expect(compareScaled(150n, 2, 15n, 1)).toBe(0);
    expect(compareScaled(151n, 2, 15n, 1)).toBe(1);
    expect(compareScaled(-1n, 8, 0n, 0)).toBe(-1);
  });
  it('compareScaled agrees with a cross-multiplied comparison', () => {
    fc.assert(
      fc.property(units, scale, units, scale, (a, aScale, b, bScale) => {
        const left = a * 10n ** BigInt(bScale);
        const right = b * 10n ** BigInt(aScale);
        expect(compareScaled(a, aScale, b, bScale)).toBe(left < right ? -1 : left > right ? 1 : 0);
      }),
      { numRuns },
    );
  });
  it('minimum and maximum', () => {
    expect(minimum(3n)).toBe(3n);
    expect(minimum(3n, -1n, 2n)).toBe(-1n);
    expect(maximum(3n, -1n, 7n)).toBe(7n);
  });
  it('absolute', () => {
    expect(absolute(-5n)).toBe(5n);
    expect(absolute(5n)).toBe(5n);
    expect(absolute(0n)).toBe(0n);
  });
});
