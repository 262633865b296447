import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divide, multiply, rescale } from '../decimal';
import { FillAmounts } from './fill-amounts';
import { PAIR } from './test-support.test-helper';

const numRuns = process.env.CI ? 1000 : 200;

describe('FillAmounts', () => {
  it('computes fees exactly like multiply(..., "up"), for every scale relation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 18 }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (priceScale, sizeScale, quoteScale, quoteAmount, rate) => {
          const config = { ...PAIR, priceScale, sizeScale, quoteScale, makerFeeRate: rate, takerFeeRate: rate };
          const amounts = new FillAmounts(config);
          const expected = multiply(quoteAmount, priceScale + sizeScale, rate, 6, quoteScale, 'up');
          expect(amounts.makerFee(quoteAmount)).toBe(expected);
          expect(amounts.takerFee(quoteAmount)).toBe(expected);
        },
      ),
      { numRuns },
    );
  });

  it('never lets a market buy spend past its budget, and leaves less than one step unspent at that price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (quoteScale, quoteAmount, price) => {
          const config = { ...PAIR, quoteScale };
          const amounts = new FillAmounts(config);
          const budget = amounts.budgetAtQuoteAmountScale(quoteAmount);
          expect(budget).toBe(rescale(quoteAmount, quoteScale, 6, 'down'));
          const size = amounts.affordableSize(budget, price);
          expect(size % config.sizeStep).toBe(0n);
          expect(amounts.quoteAmount(price, size)).toBeLessThanOrEqual(budget);
          expect(amounts.quoteAmount(price, size + config.sizeStep)).toBeGreaterThan(budget);
          const exact = divide(budget, 6, price, config.priceScale, config.sizeScale, 'down');
          expect(size).toBe(exact - (exact % config.sizeStep));
        },
      ),
      { numRuns },
    );
  });
});
