import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkAmountLimits } from './amount-limits';

describe('amount limits', () => {
  const limits = { minimum: 1_000n, maximum: 10_000_000n };

  it('accepts both bounds themselves and anything between', () => {
    expect(checkAmountLimits(1_000n, 2, limits)).toBeNull();
    expect(checkAmountLimits(10_000_000n, 2, limits)).toBeNull();
    expect(checkAmountLimits(5_000n, 2, limits)).toBeNull();
  });

  it('names the broken bound in the currency format without trailing zeros, minimum first', () => {
    expect(checkAmountLimits(999n, 2, limits)).toEqual({ code: 'amount_below_minimum', params: { min: '10' } });
    expect(checkAmountLimits(10_000_001n, 2, limits)).toEqual({
      code: 'amount_above_maximum',
      params: { max: '100000' },
    });
    expect(checkAmountLimits(5n, 8, { minimum: 150_000_000n, maximum: 1n })?.code).toBe('amount_below_minimum');
    expect(checkAmountLimits(1n, 8, { minimum: 150_000_000n, maximum: null })?.params).toEqual({ min: '1.5' });
  });

  it('a null bound is none', () => {
    expect(checkAmountLimits(10n ** 30n, 2, { minimum: null, maximum: null })).toBeNull();
    expect(checkAmountLimits(1n, 2, { minimum: null, maximum: 0n })?.code).toBe('amount_above_maximum');
  });

  it('property: accepted exactly when minimum <= amount <= maximum', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (amount, low, high) => {
          const found = checkAmountLimits(amount, 8, { minimum: low, maximum: high });
          expect(found === null).toBe(low <= amount && amount <= high);
        },
      ),
    );
  });
});
