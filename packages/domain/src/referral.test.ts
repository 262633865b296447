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
    const rate = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 10_000);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.array(rate, { minLength: 1, maxLength: 4 }).filter((rates) => rates.reduce((a, b) => a + b, 0) <= 1),
        (fee, rates) => {
          const texts = rates.map((value) => value.toFixed(4));
          if (texts.reduce((sum, text) => sum + Number(text) * 10_000, 0) > 10_000) return;
          const paid = referralCommissions(fee, texts);
          expect(paid.every((amount) => amount >= 0n)).toBe(true);
          expect(paid.reduce((sum, amount) => sum + amount, 0n) <= fee).toBe(true);
          // Rounded down: each is within one unit below the exact share.
          paid.forEach((amount, index) => {
            const exact = fee * BigInt(Math.round(Number(texts[index]) * 10_000));
            expect(amount * 10_000n <= exact && exact < (amount + 1n) * 10_000n).toBe(true);
          });
        },
      ),
    );
  });
});
