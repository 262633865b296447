import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, pow10 } from '../decimal';
import { divideWithRounding } from '../rounding';
import { decideContractClose } from '../trading/close-contract';
import type { ProductScales, ScaledValue } from '../trading/contract-math';
import { decideContractOpen, type ContractOpenInput } from '../trading/open-contract';
import { profitShareOnClose, type FollowResult } from './profit-share';
import { mirroredMargin, type CopySizing } from './sizing';

const MONEY = 8;
const RUNS = 400;
const LEVERAGES = [1, 2, 5, 10, 20, 50, 100];

const scalesArbitrary: fc.Arbitrary<ProductScales> = fc.record({
  priceScale: fc.integer({ min: 0, max: 5 }),
  quantityScale: fc.integer({ min: 0, max: 5 }),
  contractSize: fc.record({ units: fc.constantFrom(1n, 5n, 20n, 100n), scale: fc.constantFrom(0, 1) }),
  moneyScale: fc.constant(MONEY),
});
const rateArbitrary = fc.record({ units: fc.bigInt({ min: 0n, max: 5_000n }), scale: fc.constant(6) });
const ratioArbitrary: fc.Arbitrary<ScaledValue> = fc.record({
  units: fc.bigInt({ min: 1n, max: 1_000n }),
  scale: fc.constant(2),
});

/** One open of a customer at `price`, by margin, with wide terms and no liquidation (method 3). */
function openInput(
  scales: ProductScales,
  direction: 'long' | 'short',
  leverage: number,
  margin: bigint,
  price: bigint,
  feeRate: ScaledValue,
): ContractOpenInput {
  return {
    order: { direction, leverage, margin: formatDecimal(margin, MONEY) },
    terms: {
      levers: LEVERAGES,
      minQuantity: { units: 0n, scale: 0 },
      maxQuantity: { units: 0n, scale: 0 },
      minMargin: { units: 0n, scale: 0 },
      maxMargin: { units: 0n, scale: 0 },
      maxBalanceShare: { units: 1n, scale: 0 },
      minHoldSeconds: 0,
      liquidationMethod: 3,
      liquidationRatio: { units: 1n, scale: 0 },
    },
    scales,
    price,
    feeRate: { text: formatDecimal(feeRate.units, feeRate.scale), rate: feeRate },
    openPositions: { count: 0, maximum: 200 },
    available: 10n ** 20n,
    now: 0,
  };
}

/** (close - open) x quantity x contract size, signed by direction, at the money scale, rounded toward -infinity. */
function priceMoveTimesSize(
  direction: 'long' | 'short',
  openPrice: bigint,
  closePrice: bigint,
  quantity: bigint,
  scales: ProductScales,
): bigint {
  const move = direction === 'long' ? closePrice - openPrice : openPrice - closePrice;
  const exactScale = scales.priceScale + scales.quantityScale + scales.contractSize.scale;
  const exact = move * quantity * scales.contractSize.units;
  return MONEY >= exactScale
    ? exact * pow10(MONEY - exactScale)
    : divideWithRounding(exact, pow10(exactScale - MONEY), 'floor');
}

describe('a mirrored position', () => {
  it('opens and closes at the trader’s prices; its PnL is the trader’s price move times the follower’s size, fees separate', () => {
    fc.assert(
      fc.property(
        fc.record({
          scales: scalesArbitrary,
          direction: fc.constantFrom<'long' | 'short'>('long', 'short'),
          leverage: fc.constantFrom(...LEVERAGES),
          traderMargin: fc.bigInt({ min: 10n ** 6n, max: 10n ** 14n }),
          sizing: fc.oneof(
            fc.record({ mode: fc.constant('fixed' as const), margin: fc.bigInt({ min: 1n, max: 10n ** 14n }) }),
            fc.record({ mode: fc.constant('ratio' as const), ratio: ratioArbitrary }),
          ) as fc.Arbitrary<CopySizing>,
          openPrice: fc.bigInt({ min: 1n, max: 10n ** 10n }),
          closePrice: fc.bigInt({ min: 1n, max: 10n ** 10n }),
          openFeeRate: rateArbitrary,
          closeFeeRate: rateArbitrary,
        }),
        (drawn) => {
          const { scales, direction, leverage, openPrice, closePrice } = drawn;
          const trader = decideContractOpen(
            openInput(scales, direction, leverage, drawn.traderMargin, openPrice, drawn.openFeeRate),
          );
          if (trader.problem) return;
          const sized = mirroredMargin(drawn.sizing, trader.position.margin, MONEY);
          if (sized.problem) {
            expect(drawn.sizing.mode).toBe('ratio');
            return;
          }
          const follower = decideContractOpen(
            openInput(scales, direction, leverage, sized.margin, openPrice, drawn.openFeeRate),
          );
          if (follower.problem) return; // too small to buy one unit: the server skips and says so
          expect(follower.position.openPrice).toBe(openPrice);
          const closing = decideContractClose({
            position: {
              direction,
              openPrice: follower.position.openPrice,
              quantity: follower.position.quantity,
              margin: follower.position.margin,
              lossLimit: follower.position.lossLimit,
              scales,
            },
            closePrice,
            closeFeeRate: drawn.closeFeeRate,
            available: 0n,
          }).closing;
          const expected = priceMoveTimesSize(direction, openPrice, closePrice, follower.position.quantity, scales);
          if (closing.capped) {
            // Method 3 never takes more than the margin: only a loss beyond it is capped.
            expect(expected).toBeLessThan(-follower.position.margin);
            return;
          }
          expect(closing.realizedPnl).toBe(expected);
          // Fees are the follower's own and separate from the PnL: margin back, plus PnL, minus the closing fee.
          expect(closing.settled).toBe(follower.position.margin + closing.realizedPnl - closing.closeFee);
          expect(follower.position.openFee).toBeGreaterThanOrEqual(0n);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('in ratio mode puts up at most the trader’s margin times the ratio, and less by under one unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), ratioArbitrary, (traderMargin, ratio) => {
        const sized = mirroredMargin({ mode: 'ratio', ratio }, traderMargin, MONEY);
        const exactTimes100 = traderMargin * ratio.units; // ratio.scale is 2
        if (sized.problem) {
          expect(exactTimes100).toBeLessThan(100n);
          return;
        }
        expect(sized.margin * 100n).toBeLessThanOrEqual(exactTimes100);
        expect(exactTimes100 - sized.margin * 100n).toBeLessThan(100n);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the profit share', () => {
  const netSequence = fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { maxLength: 40 });
  const shareRate = fc.record({ units: fc.bigInt({ min: 0n, max: 100n }), scale: fc.constant(2) });

  it('is paid only on profit above the high-water mark: never on a loss, never more than rate x the best result', () => {
    fc.assert(
      fc.property(netSequence, shareRate, (nets, rate) => {
        let state: FollowResult = { realizedNet: 0n, highWaterMark: 0n };
        let paid = 0n;
        let best = 0n;
        for (const net of nets) {
          const { share, after } = profitShareOnClose(state, net, rate, MONEY);
          expect(share).toBeGreaterThanOrEqual(0n);
          if (net <= 0n) expect(share).toBe(0n);
          // Never more than the rate of this position's own gain.
          expect(share * 100n).toBeLessThanOrEqual(net > 0n ? net * rate.units : 0n);
          expect(after.highWaterMark).toBeGreaterThanOrEqual(after.realizedNet);
          expect(after.highWaterMark).toBeGreaterThanOrEqual(0n);
          paid += share;
          state = after;
          if (state.realizedNet > best) best = state.realizedNet;
        }
        expect(paid * 100n).toBeLessThanOrEqual(best * rate.units);
        // Rounding down loses under one unit per paying close.
        expect(best * rate.units - paid * 100n).toBeLessThan(100n * BigInt(nets.length + 1));
      }),
      { numRuns: RUNS },
    );
  });
});
