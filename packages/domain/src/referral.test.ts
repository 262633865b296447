import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommissionRates, referralCommissions } from './referral';

describe('referral commissions', () => {
  it('pays each level its rate of the fee, rounded down', () => {
    expect(referralCommissions(1_000n, ['0.20', '0.10'])).toEqual([200n, 100n]);
    expect(referralCommissions(7n, ['0.20', '0.10'])).toEqual([1n, 0n]);
    expect(referralCommissions(0n, ['0.20', '0.10'])).toEqual([0n, 0n]);
    expect(referralCommissions(-5n, ['0.20', '0.10'])).toEqual([0n, 0n]);
  });

  it('refuses rates that would pay out more than the fee', () => {
    expect(() => parseCommissionRates(['0.70', '0.40'])).toThrow(RangeError);
    expect(() => parseCommissionRates(['1.01'])).toThrow(RangeError);
    expect(() => parseCommissionRates(['-0.1'])).toThrow();
  });

  it('property: commissions never exceed the fee they come from, and none is negative', () => {
    // Rates as whole basis points (no floating point anywhere), written as the decimal text the rule reads.
    const rateText = (basisPoints: number) =>
      `${Math.floor(basisPoints / 10_000)}.${String(basisPoints % 10_000).padStart(4, '0')}`;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc
          .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 4 })
          .filter((rates) => rates.reduce((a, b) => a + b, 0) <= 10_000),
        (fee, basisPoints) => {
          const paid = referralCommissions(fee, basisPoints.map(rateText));
          expect(paid.every((amount) => amount >= 0n)).toBe(true);
          expect(paid.reduce((sum, amount) => sum + amount, 0n) <= fee).toBe(true);
          // Rounded down: each is within one unit below the exact share.
          paid.forEach((amount, index) => {
            const exact = fee * BigInt(basisPoints[index]!);
            expect(amount * 10_000n <= exact && exact < (amount + 1n) * 10_000n).toBe(true);
          });
        },
      ),
    );
  });
});
