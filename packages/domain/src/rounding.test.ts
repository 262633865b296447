import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divideWithRounding, DivisionByZeroError, HOUSE_ROUNDING, ROUNDING_MODES, type Rounding } from './rounding';
import { referenceRound } from './reference-rounding.test-helper';

const numRuns = process.env.CI ? 1000 : 200;

describe('divideWithRounding', () => {
  const table: [bigint, bigint, Record<Rounding, bigint>][] = [
    [25n, 10n, { down: 2n, up: 3n, floor: 2n, ceiling: 3n, 'half-up': 3n, 'half-even': 2n }],
    [-25n, 10n, { down: -2n, up: -3n, floor: -3n, ceiling: -2n, 'half-up': -3n, 'half-even': -2n }],
    [35n, 10n, { down: 3n, up: 4n, floor: 3n, ceiling: 4n, 'half-up': 4n, 'half-even': 4n }],
    [11n, 10n, { down: 1n, up: 2n, floor: 1n, ceiling: 2n, 'half-up': 1n, 'half-even': 1n }],
    [-11n, 10n, { down: -1n, up: -2n, floor: -2n, ceiling: -1n, 'half-up': -1n, 'half-even': -1n }],
    [19n, 10n, { down: 1n, up: 2n, floor: 1n, ceiling: 2n, 'half-up': 2n, 'half-even': 2n }],
    [20n, 10n, { down: 2n, up: 2n, floor: 2n, ceiling: 2n, 'half-up': 2n, 'half-even': 2n }],
    [0n, 7n, { down: 0n, up: 0n, floor: 0n, ceiling: 0n, 'half-up': 0n, 'half-even': 0n }],
    [5n, -10n, { down: 0n, up: -1n, floor: -1n, ceiling: 0n, 'half-up': -1n, 'half-even': 0n }],
    [-5n, -10n, { down: 0n, up: 1n, floor: 0n, ceiling: 1n, 'half-up': 1n, 'half-even': 0n }],
  ];
  for (const [numerator, denominator, expected] of table) {
    for (const rounding of ROUNDING_MODES) {
      it(`${numerator}/${denominator} ${rounding} = ${expected[rounding]}`, () => {
        expect(divideWithRounding(numerator, denominator, rounding)).toBe(expected[rounding]);
      });
    }
  }

  it('throws a typed error on a zero denominator', () => {
    expect(() => divideWithRounding(1n, 0n, 'down')).toThrow(DivisionByZeroError);
    expect(() => divideWithRounding(0n, 0n, 'half-even')).toThrow(RangeError);
  });

  it('agrees with the rational reference in every mode', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((value) => value !== 0n),
        fc.constantFrom(...ROUNDING_MODES),
        (numerator, denominator, rounding) =>
          divideWithRounding(numerator, denominator, rounding) === referenceRound(numerator, denominator, rounding),
      ),
      { numRuns },
    );
  });

  it('rounds in the promised direction, within one unit of the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (numerator, denominator) => {
          const at = (rounding: Rounding) => divideWithRounding(numerator, denominator, rounding);
          // result * denominator compared with numerator is result compared with the exact quotient.
          expect(at('floor') * denominator <= numerator).toBe(true);
          expect(at('ceiling') * denominator >= numerator).toBe(true);
          expect(at('ceiling') - at('floor') <= 1n).toBe(true);
          for (const rounding of ['half-up', 'half-even'] as const) {
            const distance = at(rounding) * denominator - numerator;
            expect(2n * (distance < 0n ? -distance : distance) <= denominator).toBe(true);
          }
          if (numerator >= 0n) {
            expect(at('up') * denominator >= numerator).toBe(true);
            expect(at('down') * denominator <= numerator).toBe(true);
          } else {
            expect(at('up') * denominator <= numerator).toBe(true);
            expect(at('down') * denominator >= numerator).toBe(true);
          }
        },
      ),
      { numRuns },
    );
  });

  it('house rule: the customer pays up and receives down', () => {
    expect(HOUSE_ROUNDING.customerPays).toBe('up');
    expect(HOUSE_ROUNDING.customerReceives).toBe('down');
    // A signed customer result (PnL) of -1.01 becomes -2 (larger loss), +1.99 becomes +1 (smaller gain).
    expect(divideWithRounding(-101n, 100n, HOUSE_ROUNDING.customerSignedResult)).toBe(-2n);
    expect(divideWithRounding(199n, 100n, HOUSE_ROUNDING.customerSignedResult)).toBe(1n);
  });
});
