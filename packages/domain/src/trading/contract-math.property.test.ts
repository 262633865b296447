import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  liquidationPrice,
  lossLimit,
  lossReached,
  marginFor,
  notionalOf,
  openingFee,
  profitAndLoss,
  quantityForNotional,
  settleClose,
  spotBuyQuote,
  spotSellQuote,
  type ContractDirection,
  type LiquidationMethod,
  type ProductScales,
} from './contract-math';

const MONEY = 8;
/** Every leverage any seeded product offers (crypto and forex lists are the longest). */
const LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125, 200] as const;
const DIRECTIONS: readonly ContractDirection[] = ['long', 'short'];
const RUNS = 150;

/** Scales like the catalogue's: prices 0-5 decimals, quantities 0-5, futures multipliers. */
const scalesArbitrary: fc.Arbitrary<ProductScales> = fc.record({
  priceScale: fc.integer({ min: 0, max: 5 }),
  quantityScale: fc.integer({ min: 0, max: 5 }),
  contractSize: fc.record({
    units: fc.constantFrom(1n, 5n, 20n, 50n, 100n, 1000n, 5000n, 10000n, 25n),
    scale: fc.constantFrom(0, 1),
  }),
  moneyScale: fc.constant(MONEY),
});
const priceArbitrary = fc.bigInt({ min: 1n, max: 10_000_000_000n });
const quantityArbitrary = fc.bigInt({ min: 1n, max: 1_000_000_000n });
const moneyArbitrary = fc.bigInt({ min: 1n, max: 10n ** 17n });
const rateArbitrary = fc.record({ units: fc.bigInt({ min: 0n, max: 100_000n }), scale: fc.constant(6) });
const ratioArbitrary = fc.record({ units: fc.bigInt({ min: 1n, max: 1_000_000n }), scale: fc.constant(6) });
const methodArbitrary = fc.constantFrom<LiquidationMethod>(1, 2, 3);

describe('margin at every leverage', () => {
  for (const leverage of LEVERAGES) {
    it(`${leverage}x: margin x leverage covers the notional, one unit less does not`, () => {
      fc.assert(
        fc.property(moneyArbitrary, (notional) => {
          const margin = marginFor(notional, leverage);
          expect(margin * BigInt(leverage) >= notional).toBe(true);
          expect((margin - 1n) * BigInt(leverage) < notional).toBe(true);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('quantity for a notional', () => {
  it('never buys more than was paid for, and one more unit would cost more', () => {
    fc.assert(
      fc.property(moneyArbitrary, priceArbitrary, scalesArbitrary, (notional, price, scales) => {
        const quantity = quantityForNotional(notional, price, scales);
        expect(quantity >= 0n).toBe(true);
        // Exact comparisons: notionalOf rounded down is at most the exact value.
        expect(notionalOf(price, quantity, scales, 'down') <= notional).toBe(true);
        expect(notionalOf(price, quantity + 1n, scales, 'up') > notional).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('fees', () => {
  it('are never below the exact fee and never a whole unit above it', () => {
    fc.assert(
      fc.property(moneyArbitrary, rateArbitrary, (amount, rate) => {
        const fee = openingFee(amount, MONEY, rate);
        const exactTimesScale = amount * rate.units; // fee exact = this / 10^rate.scale
        const scaleFactor = 10n ** BigInt(rate.scale);
        expect(fee * scaleFactor >= exactTimesScale).toBe(true);
        expect((fee - 1n) * scaleFactor < exactTimesScale).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('PnL for long and short at every leverage', () => {
  for (const leverage of LEVERAGES) {
    it(`${leverage}x: long and short mirror each other, sign follows the move, gain down / loss up`, () => {
      fc.assert(
        fc.property(priceArbitrary, priceArbitrary, moneyArbitrary, scalesArbitrary, (entry, now, notional, scales) => {
          const quantity = quantityForNotional(notional * BigInt(leverage), entry, scales);
          fc.pre(quantity > 0n);
          const long = profitAndLoss('long', entry, now, quantity, scales);
          const short = profitAndLoss('short', entry, now, quantity, scales);
          // Both round toward -infinity, so they sum to 0 or to -1 unit.
          expect(long + short === 0n || long + short === -1n).toBe(true);
          if (now > entry) expect(long >= 0n && short < 0n).toBe(true);
          if (now < entry) expect(long < 0n && short >= 0n).toBe(true);
          if (now === entry) expect(long === 0n && short === 0n).toBe(true);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('liquidation price for long and short at every leverage', () => {
  for (const leverage of LEVERAGES) {
    for (const direction of DIRECTIONS) {
      it(`${leverage}x ${direction}: the level is exactly where the loss first reaches the limit`, () => {
        fc.assert(
          fc.property(
            priceArbitrary,
            moneyArbitrary,
            fc.bigInt({ min: 0n, max: 10n ** 16n }),
            methodArbitrary,
            ratioArbitrary,
            scalesArbitrary,
            (entry, notionalWanted, availableAfterOpen, method, ratio, scales) => {
              const quantity = quantityForNotional(notionalWanted, entry, scales);
              fc.pre(quantity > 0n);
              const notional = notionalOf(entry, quantity, scales, 'up');
              const margin = marginFor(notional, leverage);
              fc.pre(margin > 0n);
              const limit = lossLimit(method, margin, availableAfterOpen, ratio, MONEY);
              const level = liquidationPrice(method, direction, entry, quantity, limit, scales);
              if (method === 3) {
                expect(level).toBeNull();
                return;
              }
              if (level === null) {
                // Only a long can be out of reach: even the smallest price does not lose the limit.
                expect(direction).toBe('long');
                expect(lossReached(direction, entry, 1n, quantity, limit, scales)).toBe(false);
                return;
              }
              expect(level >= 1n).toBe(true);
              expect(lossReached(direction, entry, level, quantity, limit, scales)).toBe(true);
              const safer = direction === 'long' ? level + 1n : level - 1n;
              if (safer >= 1n) expect(lossReached(direction, entry, safer, quantity, limit, scales)).toBe(false);
              // The level is on the losing side of the entry (or at it, for a zero limit).
              expect(direction === 'long' ? level <= entry : level >= entry).toBe(true);
              // The floating PnL shown at the level has reached the limit too.
              expect(-profitAndLoss(direction, entry, level, quantity, scales) >= limit).toBe(true);
            },
          ),
          { numRuns: RUNS },
        );
      });
    }
  }
});

describe('settling a close', () => {
  it('moves money that sums to zero, never takes available below zero, and caps a loss at the limit', () => {
    fc.assert(
      fc.property(
        moneyArbitrary,
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 10n ** 17n }),
        rateArbitrary,
        (margin, pnl, limit, available, closeFeeRate) => {
          const result = settleClose({
            margin,
            profitAndLoss: pnl,
            lossLimit: limit,
            available,
            closeFeeRate,
            moneyScale: MONEY,
          });
          // margin account -margin, house, fee income, available: one balanced entry.
          expect(-margin + result.houseChange + result.fee + result.availableChange).toBe(0n);
          expect(result.fee >= 0n).toBe(true);
          expect(available + result.availableChange >= 0n).toBe(true);
          const cap = limit < margin + available ? limit : margin + available;
          if (pnl >= 0n || -pnl <= cap) expect(result.realized).toBe(pnl);
          else expect(result.realized).toBe(-cap);
          expect(result.capped).toBe(result.realized !== pnl);
          // A loss reaches into available only when the limit exceeds the margin (method 1).
          if (limit <= margin) expect(result.availableChange >= 0n).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('spot round trip', () => {
  it('buying and selling at the same price never makes money for the customer', () => {
    fc.assert(
      fc.property(
        priceArbitrary,
        quantityArbitrary,
        scalesArbitrary,
        rateArbitrary,
        rateArbitrary,
        (price, quantity, scales, buyRate, sellRate) => {
          const buy = spotBuyQuote(price, quantity, scales, buyRate);
          const sell = spotSellQuote(price, quantity, scales, sellRate);
          expect(buy.total).toBe(buy.amount + buy.fee);
          expect(sell.net + sell.fee).toBe(sell.amount);
          expect(sell.net >= 0n).toBe(true);
          expect(sell.amount <= buy.amount).toBe(true);
          expect(sell.net <= buy.total).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
