import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../decimal';
import { sumOfMoves } from '../decision';
import {
  lossLimit,
  marginFor,
  notionalOf,
  type LiquidationMethod,
  type ProductScales,
  type ScaledValue,
} from './contract-math';
import { decideContractClose, type ClosingPosition, type ContractCloseInput } from './close-contract';

const usdt = (text: string) => parseDecimal(text, 8);
const BTC: ProductScales = { priceScale: 2, quantityScale: 5, contractSize: { units: 1n, scale: 0 }, moneyScale: 8 };
const CLOSE_RATE: ScaledValue = { units: 5n, scale: 4 }; // 0.0005

/** 0.01 BTC long at 100000, 10x: margin 100, loss limit 90 (method 2 at 0.9). */
const LONG: ClosingPosition = {
  direction: 'long',
  openPrice: parseDecimal('100000', 2),
  quantity: 1_000n,
  margin: usdt('100'),
  lossLimit: usdt('90'),
  scales: BTC,
};

const close = (price: string, overrides: Partial<ContractCloseInput> = {}) =>
  decideContractClose({
    position: LONG,
    closePrice: parseDecimal(price, 2),
    closeFeeRate: CLOSE_RATE,
    available: usdt('9899.5'),
    ...overrides,
  });

describe('closing a contract position', () => {
  it('a gain: the house pays it, the fee on the margin goes to fee income, available gets the rest', () => {
    expect(close('101000')).toEqual({
      closing: {
        closePrice: 10_100_000n,
        closeFee: usdt('0.05'),
        realizedPnl: usdt('10'),
        settled: usdt('109.95'),
        capped: false,
      },
      moves: [
        { role: 'margin', amount: -usdt('100') },
        { role: 'house', amount: -usdt('10') },
        { role: 'fees', amount: usdt('0.05') },
        { role: 'available', amount: usdt('109.95') },
      ],
    });
  });

  it('a loss goes to the house; a loss past the limit is capped at it', () => {
    expect(close('99000').closing).toMatchObject({ realizedPnl: -usdt('10'), settled: usdt('89.95'), capped: false });
    const gapped = close('80000');
    expect(gapped.closing).toMatchObject({ realizedPnl: -usdt('90'), closeFee: usdt('0.05'), capped: true });
    expect(gapped.moves).toContainEqual({ role: 'house', amount: usdt('90') });
  });

  it('leaves zero moves out: no PnL at the open price and a zero fee rate move only margin to available', () => {
    expect(close('100000', { closeFeeRate: { units: 0n, scale: 0 } }).moves).toEqual([
      { role: 'margin', amount: -usdt('100') },
      { role: 'available', amount: usdt('100') },
    ]);
  });

  it('a short gains when the price falls', () => {
    const short = decideContractClose({
      position: { ...LONG, direction: 'short' },
      closePrice: parseDecimal('99000', 2),
      closeFeeRate: CLOSE_RATE,
      available: 0n,
    });
    expect(short.closing.realizedPnl).toBe(usdt('10'));
  });
});

const scalesArbitrary: fc.Arbitrary<ProductScales> = fc.record({
  priceScale: fc.integer({ min: 0, max: 5 }),
  quantityScale: fc.integer({ min: 0, max: 5 }),
  contractSize: fc.record({ units: fc.constantFrom(1n, 5n, 20n, 100n), scale: fc.constantFrom(0, 1) }),
  moneyScale: fc.constant(8),
});

/** Positions as an opening makes them (margin from the notional, the loss limit by method), closed anywhere. */
const closeArbitrary: fc.Arbitrary<ContractCloseInput> = fc
  .record({
    scales: scalesArbitrary,
    direction: fc.constantFrom<'long' | 'short'>('long', 'short'),
    openPrice: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    closePrice: fc.bigInt({ min: 1n, max: 20_000_000_000n }),
    quantity: fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    leverage: fc.constantFrom(1, 2, 5, 10, 20, 50, 100, 200),
    method: fc.constantFrom<LiquidationMethod>(1, 2, 3),
    ratio: fc.record({ units: fc.bigInt({ min: 1n, max: 1_000_000n }), scale: fc.constant(6) }),
    availableAfterOpen: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    available: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    feeRate: fc.record({ units: fc.bigInt({ min: 0n, max: 100_000n }), scale: fc.constant(6) }),
  })
  .map((drawn) => {
    const notional = notionalOf(drawn.openPrice, drawn.quantity, drawn.scales, 'up');
    const margin = marginFor(notional > 0n ? notional : 1n, drawn.leverage);
    return {
      position: {
        direction: drawn.direction,
        openPrice: drawn.openPrice,
        quantity: drawn.quantity,
        margin,
        lossLimit: lossLimit(drawn.method, margin, drawn.availableAfterOpen, drawn.ratio, 8),
        scales: drawn.scales,
      },
      closePrice: drawn.closePrice,
      closeFeeRate: drawn.feeRate,
      available: drawn.available,
    };
  });

describe('closing a contract: money invariants', () => {
  it('the moves sum to zero, none is zero, and the whole margin leaves the margin account', () => {
    fc.assert(
      fc.property(closeArbitrary, (input) => {
        const { moves } = decideContractClose(input);
        expect(sumOfMoves(moves)).toBe(0n);
        expect(moves.every((move) => move.amount !== 0n)).toBe(true);
        expect(moves[0]).toEqual({ role: 'margin', amount: -input.position.margin });
      }),
      { numRuns: 500 },
    );
  });

  it('the customer never loses more than the available balance, nor more than the loss limit', () => {
    fc.assert(
      fc.property(closeArbitrary, (input) => {
        const { closing } = decideContractClose(input);
        expect(closing.settled >= -input.available).toBe(true);
        expect(-closing.realizedPnl <= input.position.lossLimit).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the fee is never negative, rounded up from the margin, and never more than the close returns', () => {
    fc.assert(
      fc.property(closeArbitrary, (input) => {
        const { closing } = decideContractClose(input);
        const returned = input.position.margin + closing.realizedPnl;
        const exactTimesScale = input.position.margin * input.closeFeeRate.units;
        const scaleFactor = 10n ** BigInt(input.closeFeeRate.scale);
        expect(closing.closeFee >= 0n).toBe(true);
        expect(closing.closeFee <= (returned > 0n ? returned : 0n)).toBe(true);
        // The full fee (rounded up) whenever what returns can pay it.
        if (closing.closeFee < returned) {
          expect(closing.closeFee * scaleFactor >= exactTimesScale).toBe(true);
          expect(closing.closeFee === 0n || (closing.closeFee - 1n) * scaleFactor < exactTimesScale).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
