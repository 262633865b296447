import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from '../decimal';
import { sumOfMoves } from '../decision';
import type { FeeSetting } from '../fees';
import { FAST_TRADE_RATE_SCALE } from './fast-trade';
import {
  checkFastTradeOrder,
  decideFastTradeOpen,
  type FastTradeOption,
  type FastTradeOrder,
  type FastTradeOrderInput,
  type OpeningTick,
} from './fast-trade-open';

const usdt = (text: string) => parseDecimal(text, 8);

/** BTC's 30-second option as seeded, crypto fast-trade fees of 0.2 % up and 0.3 % down. */
const OPTION: FastTradeOption = {
  productType: 2,
  positionTypes: '0/1/2',
  locked: false,
  durationValue: 30,
  durationLabel: 0,
  winRatio: '0.80',
  loseRatio: '1',
  loseMoneyMethod: 0,
  minBuyAmount: '10',
  maxBuyAmount: '5000',
  minUserAmount: '20',
};
const FEES: FeeSetting[] = [
  { remark: 'crypto fast buy fee', feeRate: '0.002' },
  { remark: 'crypto fast sell fee', feeRate: '0.003' },
];

function input(overrides: Partial<FastTradeOrderInput> = {}): FastTradeOrderInput {
  return {
    option: OPTION,
    sessionOpen: true,
    direction: 0,
    stake: '100',
    moneyScale: 8,
    feeSettings: FEES,
    available: usdt('1000'),
    ...overrides,
  };
}

const TICK: OpeningTick = { price: 10_000_000n, id: 'X:BTCUSD#7@1000', source: 'test', time: 1_000 };

describe('checking a fast trade before the transaction', () => {
  it('accepts with the stake, the fee rounded up, the rate as configured and the duration', () => {
    expect(checkFastTradeOrder(input({ stake: '10.12345678', direction: 1 }))).toEqual({
      problem: null,
      option: OPTION,
      order: {
        direction: 1,
        moneyScale: 8,
        stake: 1_012_345_678n,
        // 10.12345678 x 0.003 = 0.03037037034 -> 0.03037038
        fee: 3_037_038n,
        feeRate: '0.003',
        minUserAmount: usdt('20'),
        durationMs: 30_000,
      },
    });
  });

  it('hands back the caller’s own option, with whatever else it carries', () => {
    const carried = { ...OPTION, optionId: 73 };
    const check = checkFastTradeOrder({ ...input(), option: carried });
    expect(check.problem === null && check.option).toBe(carried);
  });

  it('refuses each rule with the key and params the server has always sent', () => {
    const problemOf = (overrides: Partial<FastTradeOrderInput>) => checkFastTradeOrder(input(overrides)).problem;
    expect(problemOf({ option: null })?.code).toBe('fast_trade_option_not_found');
    expect(problemOf({ option: { ...OPTION, locked: true } })?.code).toBe('product_locked');
    expect(problemOf({ option: { ...OPTION, positionTypes: '1/2' } })?.code).toBe('position_type_unavailable');
    expect(problemOf({ sessionOpen: false })?.code).toBe('market_closed');
    expect(problemOf({ option: { ...OPTION, winRatio: 'abc' } })?.code).toBe('fast_trade_option_unavailable');
    expect(problemOf({ option: { ...OPTION, durationLabel: 9 } })?.code).toBe('fast_trade_option_unavailable');
    expect(problemOf({ stake: 'abc' })?.code).toBe('amount_invalid');
    expect(problemOf({ stake: '-0.000000001' })?.code).toBe('amount_not_positive');
    expect(problemOf({ stake: '10.000000001' })).toEqual({ code: 'amount_precision', params: { decimals: 8 } });
    expect(problemOf({ option: { ...OPTION, maxBuyAmount: '-1' } })?.code).toBe('fast_trade_option_unavailable');
    expect(problemOf({ stake: '9.99' })).toEqual({ code: 'fast_trade_stake_below_minimum', params: { min: '10' } });
    expect(problemOf({ stake: '5000.01' })).toEqual({
      code: 'fast_trade_stake_above_maximum',
      params: { max: '5000' },
    });
    expect(problemOf({ feeSettings: FEES.slice(1) })?.code).toBe('fee_not_configured');
    expect(
      problemOf({ direction: 1, feeSettings: [FEES[0]!, { remark: 'crypto fast sell fee', feeRate: 'x' }] })?.code,
    ).toBe('fee_not_configured');
    expect(problemOf({ available: usdt('19.99') })).toEqual({
      code: 'fast_trade_balance_below_minimum',
      params: { min: '20' },
    });
    expect(problemOf({ available: usdt('100.1') })?.code).toBe('insufficient_balance');
    expect(problemOf({ available: usdt('100.2') })).toBeNull();
  });

  it('refuses the first rule broken, in the server order', () => {
    const broken = { option: { ...OPTION, minBuyAmount: 'x' }, stake: 'abc', feeSettings: [], available: 0n };
    // The stake's own format is checked before the option's amounts, those before the bounds and the fee.
    expect(checkFastTradeOrder(input(broken)).problem?.code).toBe('amount_invalid');
    expect(checkFastTradeOrder(input({ ...broken, stake: '1' })).problem?.code).toBe('fast_trade_option_unavailable');
    expect(checkFastTradeOrder(input({ feeSettings: [], stake: '1', available: 0n })).problem?.code).toBe(
      'fast_trade_stake_below_minimum',
    );
    expect(checkFastTradeOrder(input({ feeSettings: [], available: 0n })).problem?.code).toBe('fee_not_configured');
    expect(
      checkFastTradeOrder(input({ option: { ...OPTION, locked: true, positionTypes: '1' }, sessionOpen: false }))
        .problem?.code,
    ).toBe('product_locked');
  });

  it('an unusable option carries the fault for the log; the customer’s own mistakes carry none', () => {
    expect(checkFastTradeOrder(input({ option: { ...OPTION, minUserAmount: '1.5.5' } }))).toMatchObject({
      problem: { code: 'fast_trade_option_unavailable' },
      fault: { message: 'fast trade option has a malformed amount', value: '1.5.5' },
    });
    expect(checkFastTradeOrder(input({ option: { ...OPTION, maxBuyAmount: '-1' } }))).toMatchObject({
      fault: { message: 'fast trade option has a malformed amount', value: '-1', error: new RangeError('negative') },
    });
    const terms = checkFastTradeOrder(input({ option: { ...OPTION, loseRatio: '2' } }));
    expect(terms).toMatchObject({ fault: { message: 'fast trade option has unusable terms' } });
    if (!terms.problem) throw new Error('an unusable option was accepted');
    expect(terms.fault).not.toHaveProperty('value');
    expect(checkFastTradeOrder(input({ stake: '1' }))).toMatchObject({ fault: null });
  });
});

const ORDER: FastTradeOrder = {
  direction: 0,
  moneyScale: 8,
  stake: usdt('100'),
  fee: usdt('0.2'),
  feeRate: '0.002',
  minUserAmount: usdt('20'),
  durationMs: 30_000,
};

describe('opening a fast trade inside the transaction', () => {
  it('opens at the tick: available pays stake and fee, the stake is held, the fee is income', () => {
    expect(decideFastTradeOpen({ order: ORDER, tick: TICK, available: usdt('1000'), now: 5_000 })).toEqual({
      problem: null,
      opening: {
        direction: 0,
        stake: usdt('100'),
        fee: usdt('0.2'),
        feeRate: '0.002',
        durationMs: 30_000,
        openTick: TICK,
        openTime: 5_000,
        expiryTime: 35_000,
      },
      moves: [
        { role: 'available', amount: -usdt('100.2') },
        { role: 'frozen', amount: usdt('100') },
        { role: 'fee_income', amount: usdt('0.2') },
      ],
    });
  });

  it('a zero fee moves nothing to fee income', () => {
    const decision = decideFastTradeOpen({ order: { ...ORDER, fee: 0n }, tick: TICK, available: usdt('1000'), now: 0 });
    expect(decision.problem === null && decision.moves.map((move) => move.role)).toEqual(['available', 'frozen']);
  });

  it('refuses without a price first, then the balance as it stands now', () => {
    expect(decideFastTradeOpen({ order: ORDER, tick: null, available: 0n, now: 0 })).toEqual({
      problem: { code: 'fast_trade_no_price', params: {} },
    });
    expect(decideFastTradeOpen({ order: ORDER, tick: TICK, available: usdt('19'), now: 0 }).problem).toEqual({
      code: 'fast_trade_balance_below_minimum',
      params: { min: '20' },
    });
    expect(decideFastTradeOpen({ order: ORDER, tick: TICK, available: usdt('100.19999999'), now: 0 })).toEqual({
      problem: { code: 'insufficient_balance', params: {} },
    });
  });
});

const RATE_ONE = 10n ** BigInt(FAST_TRADE_RATE_SCALE);

const orderInputArbitrary: fc.Arbitrary<FastTradeOrderInput> = fc
  .record({
    stake: fc.bigInt({ min: 1n, max: 10n ** 13n }),
    minimum: fc.bigInt({ min: 0n, max: 10n ** 11n }),
    maximum: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    minUserAmount: fc.bigInt({ min: 0n, max: 10n ** 11n }),
    feeRate: fc.bigInt({ min: 0n, max: RATE_ONE / 10n }),
    direction: fc.constantFrom<0 | 1>(0, 1),
    available: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  })
  .map((drawn) => {
    const money = (units: bigint) => formatDecimal(units, 8);
    const rate = formatDecimal(drawn.feeRate, FAST_TRADE_RATE_SCALE);
    return input({
      option: {
        ...OPTION,
        minBuyAmount: money(drawn.minimum),
        maxBuyAmount: money(drawn.maximum),
        minUserAmount: money(drawn.minUserAmount),
      },
      direction: drawn.direction,
      stake: money(drawn.stake),
      feeSettings: [
        { remark: 'crypto fast buy fee', feeRate: rate },
        { remark: 'crypto fast sell fee', feeRate: rate },
      ],
      available: drawn.available,
    });
  });

describe('fast trades: money invariants', () => {
  it('an accepted order never costs more than the available balance, and leaves at least the minimum there first', () => {
    fc.assert(
      fc.property(orderInputArbitrary, (drawn) => {
        const check = checkFastTradeOrder(drawn);
        if (check.problem) return;
        expect(check.order.stake + check.order.fee <= drawn.available).toBe(true);
        expect(drawn.available >= check.order.minUserAmount).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the fee is never negative and is the stake x rate rounded up', () => {
    fc.assert(
      fc.property(orderInputArbitrary, (drawn) => {
        const check = checkFastTradeOrder(drawn);
        if (check.problem) return;
        const rate = parseDecimal(check.order.feeRate, FAST_TRADE_RATE_SCALE);
        const exactTimesScale = check.order.stake * rate;
        expect(check.order.fee >= 0n).toBe(true);
        expect(check.order.fee * RATE_ONE >= exactTimesScale).toBe(true);
        expect(check.order.fee === 0n || (check.order.fee - 1n) * RATE_ONE < exactTimesScale).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the opening moves sum to zero, none is zero, the customer pays no more than available, a refusal moves nothing', () => {
    fc.assert(
      fc.property(
        orderInputArbitrary,
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.boolean(),
        (drawn, availableNow, priced) => {
          const check = checkFastTradeOrder(drawn);
          if (check.problem) {
            expect(Object.keys(check).sort()).toEqual(['fault', 'problem']);
            return;
          }
          const decision = decideFastTradeOpen({
            order: check.order,
            tick: priced ? TICK : null,
            available: availableNow,
            now: 0,
          });
          if (decision.problem) {
            expect(Object.keys(decision)).toEqual(['problem']);
            return;
          }
          expect(sumOfMoves(decision.moves)).toBe(0n);
          expect(decision.moves.every((move) => move.amount !== 0n)).toBe(true);
          const paid = -(decision.moves.find((move) => move.role === 'available')?.amount ?? 0n);
          expect(paid).toBe(check.order.stake + check.order.fee);
          expect(paid <= availableNow).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
