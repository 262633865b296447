import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDecimal } from '../decimal';
import {
  FAST_TRADE_DOWN,
  FAST_TRADE_RATE_SCALE,
  FAST_TRADE_UP,
  FastTradeTermsError,
  fastTradeDurationMs,
  fastTradeFee,
  fastTradeOpenMovement,
  fastTradeOutcome,
  fastTradeSettlementMovement,
  fastTradeTerms,
  settleFastTrade,
  type FastTradeDirection,
  type FastTradeTerms,
} from './fast-trade';

const numRuns = process.env.CI ? 1000 : 300;
const SCALE = 8;
const units = (text: string) => parseDecimal(text, SCALE);
const rate = (text: string) => parseDecimal(text, FAST_TRADE_RATE_SCALE);
const ONE = 10n ** BigInt(FAST_TRADE_RATE_SCALE);

describe('fast trade terms', () => {
  it('parses ratios and checks their bounds', () => {
    expect(fastTradeTerms({ winRatio: '0.85', loseRatio: '1', loseMoneyMethod: 0 })).toEqual({
      winRatio: rate('0.85'),
      loseRatio: ONE,
      loseMoneyMethod: 0,
    });
    expect(() => fastTradeTerms({ winRatio: '-0.1', loseRatio: '1', loseMoneyMethod: 0 })).toThrow(FastTradeTermsError);
    expect(() => fastTradeTerms({ winRatio: '0.8', loseRatio: '1.01', loseMoneyMethod: 1 })).toThrow(
      FastTradeTermsError,
    );
    expect(() => fastTradeTerms({ winRatio: 'abc', loseRatio: '1', loseMoneyMethod: 0 })).toThrow(FastTradeTermsError);
    expect(() => fastTradeTerms({ winRatio: '0.8', loseRatio: '1', loseMoneyMethod: 2 })).toThrow(FastTradeTermsError);
  });

  it('turns S/M/H/D durations into milliseconds (SPEC §3 units)', () => {
    expect(fastTradeDurationMs(30, 0)).toBe(30_000);
    expect(fastTradeDurationMs(3, 1)).toBe(180_000);
    expect(fastTradeDurationMs(1, 2)).toBe(3_600_000);
    expect(fastTradeDurationMs(1, 3)).toBe(86_400_000);
    expect(() => fastTradeDurationMs(1, 4)).toThrow(FastTradeTermsError);
    expect(() => fastTradeDurationMs(0, 0)).toThrow(FastTradeTermsError);
    expect(() => fastTradeDurationMs(1.5, 0)).toThrow(FastTradeTermsError);
    expect(() => fastTradeDurationMs(8, 3)).toThrow(FastTradeTermsError);
  });
});

describe('fast trade fee and outcome', () => {
  it('charges the fee rounded up', () => {
    expect(fastTradeFee(units('100'), SCALE, rate('0.002'))).toBe(units('0.2'));
    // 0.00000001 x 0.002 = 0.00000000002: the customer pays one unit, never zero for a positive rate.
    expect(fastTradeFee(1n, SCALE, rate('0.002'))).toBe(1n);
    expect(fastTradeFee(units('10'), SCALE, 0n)).toBe(0n);
  });

  it.each([
    [FAST_TRADE_UP, 100n, 101n, 'won'],
    [FAST_TRADE_UP, 100n, 99n, 'lost'],
    [FAST_TRADE_DOWN, 100n, 99n, 'won'],
    [FAST_TRADE_DOWN, 100n, 101n, 'lost'],
    [FAST_TRADE_UP, 100n, 100n, 'tied'],
    [FAST_TRADE_DOWN, 100n, 100n, 'tied'],
  ] as const)('direction %i from %i to %i: %s', (direction, open, expiry, outcome) => {
    expect(fastTradeOutcome(direction, open, expiry)).toBe(outcome);
  });

  const terms = (win: string, lose: string, method: 0 | 1): FastTradeTerms => ({
    winRatio: rate(win),
    loseRatio: rate(lose),
    loseMoneyMethod: method,
  });

  it('pays a win stake + stake x winRatio, rounded down', () => {
    const settled = settleFastTrade({
      stake: units('33.33333333'),
      amountScale: SCALE,
      direction: FAST_TRADE_UP,
      openPrice: 100n,
      expiryPrice: 105n,
      terms: terms('0.85', '1', 0),
    });
    // 33.33333333 x 0.85 = 28.3333333305 -> 28.33333333
    expect(settled).toEqual({ outcome: 'won', payout: units('61.66666666'), profit: units('28.33333333') });
  });

  it('loses the whole stake with method 0 and stake x loseRatio (rounded up) with method 1', () => {
    const base = { stake: units('10.00000001'), amountScale: SCALE, direction: FAST_TRADE_UP, openPrice: 100n };
    expect(settleFastTrade({ ...base, expiryPrice: 90n, terms: terms('0.8', '1', 0) })).toEqual({
      outcome: 'lost',
      payout: 0n,
      profit: -units('10.00000001'),
    });
    // 10.00000001 x 0.5 = 5.000000005 -> the loss rounds up to 5.00000001, 5.00000000 comes back.
    expect(settleFastTrade({ ...base, expiryPrice: 90n, terms: terms('0.8', '0.5', 1) })).toEqual({
      outcome: 'lost',
      payout: units('5'),
      profit: -units('5.00000001'),
    });
  });

  it('refunds the stake on a tie', () => {
    expect(
      settleFastTrade({
        stake: units('7'),
        amountScale: SCALE,
        direction: FAST_TRADE_DOWN,
        openPrice: 5n,
        expiryPrice: 5n,
        terms: terms('0.9', '0.3', 1),
      }),
    ).toEqual({ outcome: 'tied', payout: units('7'), profit: 0n });
  });
});

describe('fast trade properties', () => {
  const stakeArbitrary = fc.bigInt({ min: 1n, max: 10n ** 15n });
  const ratioArbitrary = fc.bigInt({ min: 0n, max: 3n * ONE });
  const loseRatioArbitrary = fc.bigInt({ min: 0n, max: ONE });
  const priceArbitrary = fc.bigInt({ min: 1n, max: 10n ** 12n });
  const directionArbitrary = fc.constantFrom<FastTradeDirection>(FAST_TRADE_UP, FAST_TRADE_DOWN);
  const termsArbitrary = fc.record({
    winRatio: ratioArbitrary,
    loseRatio: loseRatioArbitrary,
    loseMoneyMethod: fc.constantFrom<0 | 1>(0, 1),
  });
  const feeRateArbitrary = fc.bigInt({ min: 0n, max: ONE / 10n });

  it('conserves money: customer, house and fee income changes sum to zero over open and settlement', () => {
    fc.assert(
      fc.property(
        stakeArbitrary,
        feeRateArbitrary,
        directionArbitrary,
        priceArbitrary,
        priceArbitrary,
        termsArbitrary,
        (stake, feeRate, direction, openPrice, expiryPrice, terms) => {
          const fee = fastTradeFee(stake, SCALE, feeRate);
          const open = fastTradeOpenMovement(stake, fee);
          const { payout } = settleFastTrade({ stake, amountScale: SCALE, direction, openPrice, expiryPrice, terms });
          const settle = fastTradeSettlementMovement(stake, payout);
          expect(open.customerAvailable + open.customerHeld + open.feeIncome).toBe(0n);
          expect(settle.customerAvailable + settle.customerHeld + settle.house).toBe(0n);
          // The hold is released exactly: nothing stays frozen after settlement.
          expect(open.customerHeld + settle.customerHeld).toBe(0n);
          const customer = open.customerAvailable + settle.customerAvailable;
          expect(customer + settle.house + open.feeIncome).toBe(0n);
          // The customer's overall result is the profit minus the fee.
          expect(customer).toBe(payout - stake - fee);
        },
      ),
      { numRuns },
    );
  });

  it('bounds the payout by the outcome and the terms', () => {
    fc.assert(
      fc.property(
        stakeArbitrary,
        directionArbitrary,
        priceArbitrary,
        priceArbitrary,
        termsArbitrary,
        (stake, direction, openPrice, expiryPrice, terms) => {
          const settled = settleFastTrade({ stake, amountScale: SCALE, direction, openPrice, expiryPrice, terms });
          expect(settled.profit).toBe(settled.payout - stake);
          expect(settled.payout).toBeGreaterThanOrEqual(0n);
          if (settled.outcome === 'won') {
            // stake <= payout <= stake x (1 + winRatio), and short of it by less than one unit.
            const exactTimesOne = stake * (ONE + terms.winRatio);
            expect(settled.payout * ONE).toBeLessThanOrEqual(exactTimesOne);
            expect(settled.payout * ONE).toBeGreaterThan(exactTimesOne - ONE);
            expect(settled.payout).toBeGreaterThanOrEqual(stake);
          } else if (settled.outcome === 'lost') {
            expect(settled.payout).toBeLessThanOrEqual(stake);
            if (terms.loseMoneyMethod === 0) expect(settled.payout).toBe(0n);
            else {
              // What comes back is stake x (1 - loseRatio), rounded down, never more.
              const exactTimesOne = stake * (ONE - terms.loseRatio);
              expect(settled.payout * ONE).toBeLessThanOrEqual(exactTimesOne);
              expect(settled.payout * ONE).toBeGreaterThan(exactTimesOne - ONE);
            }
          } else {
            expect(openPrice).toBe(expiryPrice);
            expect(settled.payout).toBe(stake);
          }
        },
      ),
      { numRuns },
    );
  });

  it('ties refund exactly the stake whatever the direction and terms', () => {
    fc.assert(
      fc.property(
        stakeArbitrary,
        directionArbitrary,
        priceArbitrary,
        termsArbitrary,
        (stake, direction, price, terms) => {
          const settled = settleFastTrade({
            stake,
            amountScale: SCALE,
            direction,
            openPrice: price,
            expiryPrice: price,
            terms,
          });
          expect(settled).toEqual({ outcome: 'tied', payout: stake, profit: 0n });
        },
      ),
      { numRuns },
    );
  });

  it('is symmetric: up on a move is down on the mirror move', () => {
    fc.assert(
      fc.property(
        stakeArbitrary,
        priceArbitrary,
        priceArbitrary,
        termsArbitrary,
        (stake, openPrice, expiryPrice, terms) => {
          const up = settleFastTrade({
            stake,
            amountScale: SCALE,
            direction: FAST_TRADE_UP,
            openPrice,
            expiryPrice,
            terms,
          });
          const down = settleFastTrade({
            stake,
            amountScale: SCALE,
            direction: FAST_TRADE_DOWN,
            openPrice: expiryPrice,
            expiryPrice: openPrice,
            terms,
          });
          expect(down).toEqual(up);
        },
      ),
      { numRuns },
    );
  });

  it('charges a fee no smaller than the exact fee and less than one unit above it', () => {
    fc.assert(
      fc.property(stakeArbitrary, feeRateArbitrary, (stake, feeRate) => {
        const fee = fastTradeFee(stake, SCALE, feeRate);
        const exactTimesOne = stake * feeRate;
        expect(fee * ONE).toBeGreaterThanOrEqual(exactTimesOne);
        expect(fee * ONE).toBeLessThan(exactTimesOne + ONE);
      }),
      { numRuns },
    );
  });
});
