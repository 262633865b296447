import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../decimal';
import {
  decideStakingOrder,
  decideStakingRedemption,
  parseStakingRate,
  parseStakingTerms,
  STAKING_DAY_MS,
  STAKING_STATUS,
  stakingAccrual,
  stakingAnnualRate,
  stakingDailyYield,
  stakingDaysDue,
  stakingEarlyPayout,
  stakingExpectedYield,
  stakingMaturity,
  stakingPenalty,
  stakingProductStatus,
  stakingTermsChanged,
  type StakingOrderInput,
  type StakingOrderState,
  type StakingTerms,
} from './staking';

const SCALE = 8;
const usdt = (text: string) => parseDecimal(text, SCALE);
const START = Date.UTC(2026, 10, 18, 15, 0, 0);

const TERMS: StakingTerms = {
  moneyScale: SCALE,
  termDays: 30,
  dailyRate: '0.0006',
  penaltyRate: '0.02',
  min: usdt('100'),
  max: usdt('100000'),
  perCustomerMax: usdt('200000'),
  quota: usdt('5000000'),
};

function orderInput(overrides: Partial<StakingOrderInput> = {}): StakingOrderInput {
  return {
    amount: '1000',
    terms: TERMS,
    paused: false,
    demoAllowed: true,
    demo: false,
    customerActive: 0n,
    productActive: 0n,
    reserveUncommitted: usdt('50000'),
    available: usdt('10000'),
    now: START,
    ...overrides,
  };
}

function activeOrder(overrides: Partial<StakingOrderState> = {}): StakingOrderState {
  const principal = usdt('1000');
  const dailyYield = stakingDailyYield(principal, SCALE, '0.0006');
  return {
    moneyScale: SCALE,
    principal,
    penaltyRate: '0.02',
    termDays: 30,
    dailyYield,
    expectedYield: dailyYield * 30n,
    daysAccrued: 0,
    accrued: 0n,
    startTime: START,
    maturityTime: START + 30 * STAKING_DAY_MS,
    status: STAKING_STATUS.active,
    ...overrides,
  };
}

describe('rates and amounts', () => {
  it('parses a rate at exactly the precision written', () => {
    expect(parseStakingRate('0.0010')).toEqual({ units: 1n, scale: 3 });
    expect(parseStakingRate(' 0.02 ')).toEqual({ units: 2n, scale: 2 });
    expect(parseStakingRate('1')).toEqual({ units: 1n, scale: 0 });
    for (const bad of ['', '-0.1', '1e-3', '.5', '0.1.2', 'abc', `0.${'1'.repeat(19)}`]) {
      expect(parseStakingRate(bad), bad).toBeNull();
    }
  });

  it('daily yield rounds down, the penalty rounds up', () => {
    // 333.33333333 x 0.0006 = 0.199999999998 -> 0.19999999
    expect(stakingDailyYield(usdt('333.33333333'), SCALE, '0.0006')).toBe(19_999_999n);
    // 333.33333333 x 0.02 = 6.6666666666 -> 6.66666667
    expect(stakingPenalty(usdt('333.33333333'), SCALE, '0.02')).toBe(666_666_667n);
    expect(stakingDailyYield(usdt('1000'), SCALE, '0.0006')).toBe(usdt('0.6'));
    expect(stakingExpectedYield(usdt('0.6'), 30)).toBe(usdt('18'));
  });

  it('the penalty is never above the principal', () => {
    expect(stakingPenalty(7n, SCALE, '1')).toBe(7n);
    expect(stakingPenalty(7n, SCALE, '0')).toBe(0n);
  });

  it('a daily rate that does not parse is a broken product, thrown', () => {
    expect(() => stakingDailyYield(1n, SCALE, 'x')).toThrow(RangeError);
  });

  it('the annual rate is the daily rate x 365 at its own precision', () => {
    expect(stakingAnnualRate('0.0006')).toBe('0.2190');
    expect(stakingAnnualRate('0.001')).toBe('0.365');
  });

  it('early payout is principal - penalty + accrued', () => {
    expect(stakingEarlyPayout(100n, 2n, 5n)).toBe(103n);
  });
});

describe('days due', () => {
  const order = { startTime: START, termDays: 3, daysAccrued: 0 };
  it('a day is due once 24 h have passed since the start, and not a millisecond before', () => {
    expect(stakingDaysDue(order, START + STAKING_DAY_MS - 1)).toEqual([]);
    expect(stakingDaysDue(order, START + STAKING_DAY_MS)).toEqual([1]);
  });
  it('missed days are all due, in order, never beyond the term', () => {
    expect(stakingDaysDue(order, START + 2.5 * STAKING_DAY_MS)).toEqual([1, 2]);
    expect(stakingDaysDue(order, START + 40 * STAKING_DAY_MS)).toEqual([1, 2, 3]);
    expect(stakingDaysDue({ ...order, daysAccrued: 2 }, START + 40 * STAKING_DAY_MS)).toEqual([3]);
    expect(stakingDaysDue({ ...order, daysAccrued: 3 }, START + 40 * STAKING_DAY_MS)).toEqual([]);
  });
  it('before the start nothing is due', () => {
    expect(stakingDaysDue(order, START - 5 * STAKING_DAY_MS)).toEqual([]);
  });
});

describe('product terms', () => {
  const typed = {
    termDays: 30,
    dailyRate: '0.0006',
    penaltyRate: '0.02',
    minAmount: '100',
    maxAmount: '100000',
    perCustomerMax: '200000',
    quota: '5000000',
  };
  it('parses good terms', () => {
    const parsed = parseStakingTerms(typed, SCALE);
    expect(parsed.problem).toBeNull();
    if (parsed.problem === null) expect(parsed.terms).toEqual(TERMS);
  });
  it.each([
    [{ termDays: 0 }, 'termDays'],
    [{ termDays: 3651 }, 'termDays'],
    [{ termDays: 1.5 }, 'termDays'],
    [{ dailyRate: '0' }, 'dailyRate'],
    [{ dailyRate: '1' }, 'dailyRate'],
    [{ dailyRate: '-0.001' }, 'dailyRate'],
    [{ penaltyRate: '1.01' }, 'penaltyRate'],
    [{ penaltyRate: 'x' }, 'penaltyRate'],
    [{ minAmount: '0' }, 'minAmount'],
    [{ minAmount: '1.000000001' }, 'minAmount'],
    [{ maxAmount: '99' }, 'maxAmount'],
    [{ perCustomerMax: '99' }, 'perCustomerMax'],
    [{ quota: '-1' }, 'quota'],
    [{ quota: '10000000000' }, 'quota'],
    // 0.00000001 x 0.0006 earns nothing a day.
    [{ minAmount: '0.00000001' }, 'minAmount'],
  ])('refuses %o naming %s', (change, field) => {
    const parsed = parseStakingTerms({ ...typed, ...change }, SCALE);
    expect(parsed.problem).toEqual({ code: 'staking_terms_invalid', params: { field } });
  });
  it('a quota of zero and a penalty of zero or one are allowed', () => {
    expect(parseStakingTerms({ ...typed, quota: '0', penaltyRate: '0' }, SCALE).problem).toBeNull();
    expect(parseStakingTerms({ ...typed, penaltyRate: '1' }, SCALE).problem).toBeNull();
  });
  it('compares terms by value', () => {
    const before = { ...TERMS, currencyId: 3 };
    expect(stakingTermsChanged(before, { ...before, dailyRate: '0.00060', quota: 1n })).toEqual([]);
    expect(
      stakingTermsChanged(before, { ...before, currencyId: 4, termDays: 7, penaltyRate: '0.03', min: 1n }),
    ).toEqual(['currencyId', 'termDays', 'penaltyRate', 'minAmount']);
  });
});

describe('a product takes orders', () => {
  const state = { terms: TERMS, paused: false, activePrincipal: 0n, reserveUncommitted: usdt('50000') };
  it('while not paused, with quota for the minimum and reserve for its yield', () => {
    expect(stakingProductStatus(state)).toEqual({
      acceptingOrders: true,
      closedReason: null,
      quotaRemaining: usdt('5000000'),
    });
  });
  it('says why not, paused first', () => {
    expect(stakingProductStatus({ ...state, paused: true, reserveUncommitted: 0n }).closedReason).toBe('paused');
    expect(stakingProductStatus({ ...state, activePrincipal: usdt('4999950') }).closedReason).toBe('quota_full');
    expect(stakingProductStatus({ ...state, activePrincipal: usdt('6000000') }).quotaRemaining).toBe(0n);
    // 100 x 0.0006 x 30 = 1.8
    expect(stakingProductStatus({ ...state, reserveUncommitted: usdt('1.79999999') }).closedReason).toBe(
      'reserve_exhausted',
    );
    expect(stakingProductStatus({ ...state, reserveUncommitted: usdt('1.8') }).acceptingOrders).toBe(true);
  });
});

describe('decideStakingOrder', () => {
  it('locks the principal and commits its whole-term yield', () => {
    const decision = decideStakingOrder(orderInput());
    expect(decision.problem).toBeNull();
    if (decision.problem !== null) return;
    expect(decision.order).toEqual({
      principal: usdt('1000'),
      dailyRate: '0.0006',
      penaltyRate: '0.02',
      termDays: 30,
      dailyYield: usdt('0.6'),
      expectedYield: usdt('18'),
      startTime: START,
      maturityTime: START + 30 * STAKING_DAY_MS,
    });
    expect(decision.commitment).toBe(usdt('18'));
    expect(decision.moves).toEqual([
      { role: 'available', amount: -usdt('1000') },
      { role: 'staked', amount: usdt('1000') },
    ]);
  });

  it.each<[Partial<StakingOrderInput>, string, Record<string, string | number>]>([
    [{ paused: true, amount: 'x' }, 'staking_paused', {}],
    [{ demo: true, demoAllowed: false }, 'staking_demo_not_allowed', {}],
    [{ amount: 'abc' }, 'amount_invalid', {}],
    [{ amount: '0' }, 'amount_not_positive', {}],
    [{ amount: '1.000000001' }, 'amount_precision', { decimals: 8 }],
    [{ amount: '99.99' }, 'staking_below_minimum', { min: '100' }],
    [{ amount: '100000.01' }, 'staking_above_maximum', { max: '100000' }],
    [{ customerActive: usdt('199500') }, 'staking_customer_limit', { remaining: '500', max: '200000' }],
    [{ productActive: usdt('4999500') }, 'staking_quota_full', { remaining: '500' }],
    [{ reserveUncommitted: usdt('17.99999999') }, 'staking_reserve_exhausted', { available: '17.99999999' }],
    [{ reserveUncommitted: -5n }, 'staking_reserve_exhausted', { available: '0' }],
    [{ available: usdt('999.99999999') }, 'insufficient_balance', {}],
  ])('refuses %o with %s', (change, code, params) => {
    expect(decideStakingOrder(orderInput(change)).problem).toEqual({ code, params });
  });

  it('accepts exactly at every bound', () => {
    const edge = decideStakingOrder(
      orderInput({
        amount: '500',
        customerActive: usdt('199500'),
        productActive: usdt('4999500'),
        reserveUncommitted: usdt('9'),
        available: usdt('500'),
      }),
    );
    expect(edge.problem).toBeNull();
  });

  it('a demo account may use a product that allows demo', () => {
    expect(decideStakingOrder(orderInput({ demo: true })).problem).toBeNull();
  });
});

describe('an order’s life', () => {
  it('pays the next day once its end has come, never another day, never twice', () => {
    const order = activeOrder();
    expect(stakingAccrual(order, 1, START + STAKING_DAY_MS - 1)).toBeNull();
    expect(stakingAccrual(order, 2, START + 5 * STAKING_DAY_MS)).toBeNull();
    const first = stakingAccrual(order, 1, START + STAKING_DAY_MS);
    expect(first).toEqual({
      day: 1,
      yield: usdt('0.6'),
      commitment: -usdt('0.6'),
      memo: 'day 1 of 30',
      moves: [
        { role: 'reserve', amount: -usdt('0.6') },
        { role: 'staking_yield', amount: usdt('0.6') },
      ],
      daysAccrued: 1,
      accrued: usdt('0.6'),
    });
    const after = activeOrder({ daysAccrued: 1, accrued: usdt('0.6') });
    expect(stakingAccrual(after, 1, START + 5 * STAKING_DAY_MS)).toBeNull();
    expect(
      stakingAccrual(activeOrder({ daysAccrued: 30, accrued: usdt('18') }), 31, START + 99 * STAKING_DAY_MS),
    ).toBeNull();
    expect(stakingAccrual(activeOrder({ status: STAKING_STATUS.redeemed }), 1, START + STAKING_DAY_MS)).toBeNull();
  });

  it('matures once every day is paid and the time has come', () => {
    const full = activeOrder({ daysAccrued: 30, accrued: usdt('18') });
    expect(stakingMaturity(full, full.maturityTime - 1)).toBeNull();
    expect(stakingMaturity(activeOrder({ daysAccrued: 29, accrued: usdt('17.4') }), full.maturityTime)).toBeNull();
    expect(stakingMaturity(full, full.maturityTime)).toEqual({
      payout: usdt('1018'),
      moves: [
        { role: 'staked', amount: -usdt('1000') },
        { role: 'staking_yield', amount: -usdt('18') },
        { role: 'available', amount: usdt('1018') },
      ],
    });
    expect(stakingMaturity({ ...full, status: STAKING_STATUS.matured }, full.maturityTime)).toBeNull();
  });

  it('redeems early with the published penalty, releasing the yield not paid', () => {
    const order = activeOrder({ daysAccrued: 10, accrued: usdt('6') });
    expect(decideStakingRedemption(order)).toEqual({
      problem: null,
      penalty: usdt('20'),
      payout: usdt('986'),
      commitment: -usdt('12'),
      moves: [
        { role: 'staked', amount: -usdt('1000') },
        { role: 'staking_yield', amount: -usdt('6') },
        { role: 'available', amount: usdt('986') },
        { role: 'fees', amount: usdt('20') },
      ],
    });
  });

  it('a redemption on day 0 with no penalty moves only the principal', () => {
    const decision = decideStakingRedemption(activeOrder({ penaltyRate: '0' }));
    expect(decision.problem === null && decision.moves).toEqual([
      { role: 'staked', amount: -usdt('1000') },
      { role: 'available', amount: usdt('1000') },
    ]);
  });

  it('a finished order cannot be redeemed', () => {
    for (const status of [STAKING_STATUS.matured, STAKING_STATUS.redeemed]) {
      expect(decideStakingRedemption(activeOrder({ status })).problem).toEqual({
        code: 'staking_order_finished',
        params: {},
      });
    }
  });
});
