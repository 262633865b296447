import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../decimal';
import { sumOfMoves } from '../decision';
import {
  decideStakingOrder,
  decideStakingRedemption,
  STAKING_DAY_MS,
  STAKING_STATUS,
  stakingAccrual,
  stakingDailyYield,
  stakingDaysDue,
  stakingMaturity,
  stakingPenalty,
  type StakingMove,
  type StakingOrderState,
  type StakingRole,
  type StakingTerms,
} from './staking';

const SCALE = 8;
const START = Date.UTC(2026, 10, 18, 15, 0, 0);
const RUNS = 200;

/** A rate below one at a random precision, as an operator would type it. */
const rateText = (options: { allowZero: boolean; allowOne: boolean }) =>
  fc.integer({ min: 1, max: 10 }).chain((scale) => {
    const one = 10n ** BigInt(scale);
    return fc
      .bigInt({ min: options.allowZero ? 0n : 1n, max: options.allowOne ? one : one - 1n })
      .map((units) => `${units / one}.${(units % one).toString().padStart(scale, '0')}`);
  });

const termsArbitrary: fc.Arbitrary<StakingTerms> = fc
  .record({
    termDays: fc.integer({ min: 1, max: 40 }),
    // At most 1 % a day, so most orders fit a reserve and some do not.
    dailyRate: fc
      .integer({ min: 2, max: 10 })
      .chain((scale) =>
        fc
          .bigInt({ min: 1n, max: 10n ** BigInt(scale - 2) })
          .map((units) => `0.${units.toString().padStart(scale, '0')}`),
      ),
    penaltyRate: rateText({ allowZero: true, allowOne: true }),
  })
  .map((typed) => ({
    moneyScale: SCALE,
    ...typed,
    min: 1n,
    max: 10n ** 14n,
    perCustomerMax: 10n ** 15n,
    quota: 10n ** 16n,
  }));

/** One step of a simulated life: time passes (the job runs), or a customer redeems one order. */
type Step = { kind: 'wait'; ms: number } | { kind: 'redeem'; pick: number };
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5 * STAKING_DAY_MS }) }),
  fc.record({ kind: fc.constant('redeem' as const), pick: fc.nat() }),
);

const scenarioArbitrary = fc.record({
  reserve: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  orders: fc.array(
    fc.record({
      terms: termsArbitrary,
      principal: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      delayMs: fc.integer({ min: 0, max: 3 * STAKING_DAY_MS }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  steps: fc.array(stepArbitrary, { maxLength: 30 }),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The ledger and the commitment as the server keeps them, for one customer per order. */
class Books {
  reserve: bigint;
  readonly reserveAtStart: bigint;
  committed = 0n;
  yieldsPaid = 0n;
  penalties = 0n;
  payouts = 0n;
  principalLocked = 0n;
  /** Per role, the sum over every customer (the platform's two roles included). */
  readonly balances = new Map<StakingRole, bigint>();

  constructor(reserve: bigint) {
    this.reserve = reserve;
    this.reserveAtStart = reserve;
  }

  apply(moves: StakingMove[]): void {
    // Every event is one balanced entry.
    expect(sumOfMoves(moves)).toBe(0n);
    expect(moves.length).toBeGreaterThanOrEqual(2);
    for (const move of moves) {
      expect(move.amount).not.toBe(0n);
      this.balances.set(move.role, (this.balances.get(move.role) ?? 0n) + move.amount);
      if (move.role === 'reserve') this.reserve += move.amount;
    }
    // No account the ledger keeps non-negative goes below zero.
    expect(this.reserve >= 0n).toBe(true);
    expect((this.balances.get('staked') ?? 0n) >= 0n).toBe(true);
    expect((this.balances.get('staking_yield') ?? 0n) >= 0n).toBe(true);
  }

  commit(change: bigint): void {
    this.committed += change;
    expect(this.committed >= 0n).toBe(true);
    // Never more yield promised than the reserve holds.
    expect(this.committed <= this.reserve).toBe(true);
  }
}

/** What the scenarios exercised, so a generator that never reaches a branch fails loudly. */
const seen = { accepted: 0, refused: 0, redeemed: 0, matured: 0, yieldDays: 0 };

function simulate(scenario: Scenario) {
  const books = new Books(scenario.reserve);
  const orders: StakingOrderState[] = [];
  let now = START;

  const runJob = (asOf: number) => {
    for (const order of orders) {
      if (order.status !== STAKING_STATUS.active) continue;
      for (const day of stakingDaysDue(order, asOf)) {
        const accrual = stakingAccrual(order, day, asOf);
        expect(accrual).not.toBeNull();
        if (!accrual) continue;
        books.apply(accrual.moves);
        books.commit(accrual.commitment);
        books.yieldsPaid += accrual.yield;
        seen.yieldDays += 1;
        order.daysAccrued = accrual.daysAccrued;
        order.accrued = accrual.accrued;
        expect(order.daysAccrued <= order.termDays).toBe(true);
        // A day already paid decides nothing.
        expect(stakingAccrual(order, day, asOf)).toBeNull();
      }
      const maturity = stakingMaturity(order, asOf);
      if (maturity) {
        books.apply(maturity.moves);
        books.payouts += maturity.payout;
        expect(maturity.payout).toBe(order.principal + order.accrued);
        order.status = STAKING_STATUS.matured;
        seen.matured += 1;
      }
    }
  };

  for (const typed of scenario.orders) {
    now += typed.delayMs;
    runJob(now);
    if (stakingDailyYield(typed.principal, SCALE, typed.terms.dailyRate) === 0n) continue;
    const decision = decideStakingOrder({
      amount: formatDecimal(typed.principal, SCALE),
      terms: typed.terms,
      paused: false,
      demoAllowed: true,
      demo: false,
      customerActive: 0n,
      productActive: 0n,
      reserveUncommitted: books.reserve - books.committed,
      available: 10n ** 18n,
      now,
    });
    if (decision.problem) {
      expect(decision.problem.code).toBe('staking_reserve_exhausted');
      seen.refused += 1;
      continue;
    }
    seen.accepted += 1;
    books.apply(decision.moves);
    books.commit(decision.commitment);
    books.principalLocked += decision.order.principal;
    orders.push({
      moneyScale: SCALE,
      principal: decision.order.principal,
      penaltyRate: decision.order.penaltyRate,
      termDays: decision.order.termDays,
      dailyYield: decision.order.dailyYield,
      expectedYield: decision.order.expectedYield,
      daysAccrued: 0,
      accrued: 0n,
      startTime: decision.order.startTime,
      maturityTime: decision.order.maturityTime,
      status: STAKING_STATUS.active,
    });
  }

  for (const step of scenario.steps) {
    if (step.kind === 'wait') {
      now += step.ms;
      runJob(now);
      continue;
    }
    if (orders.length === 0) continue;
    const order = orders[step.pick % orders.length]!;
    const decision = decideStakingRedemption(order);
    if (order.status !== STAKING_STATUS.active) {
      expect(decision.problem?.code).toBe('staking_order_finished');
      continue;
    }
    if (decision.problem) throw new Error('an active order is always redeemable');
    expect(decision.penalty).toBe(stakingPenalty(order.principal, SCALE, order.penaltyRate));
    expect(decision.penalty >= 0n && decision.penalty <= order.principal).toBe(true);
    expect(decision.payout >= 0n).toBe(true);
    expect(decision.payout).toBe(order.principal - decision.penalty + order.accrued);
    books.apply(decision.moves);
    books.commit(decision.commitment);
    books.penalties += decision.penalty;
    books.payouts += decision.payout;
    order.status = STAKING_STATUS.redeemed;
    seen.redeemed += 1;
  }

  // Long after every term: everything still active matures.
  now += 50 * STAKING_DAY_MS;
  runJob(now);
  return { books, orders };
}

describe('staking money, over random lives of random orders', () => {
  it('the yields paid are exactly what the reserve lost, and nothing is left promised', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const { books, orders } = simulate(scenario);
        expect(books.reserveAtStart - books.reserve).toBe(books.yieldsPaid);
        expect(books.balances.get('reserve') ?? 0n).toBe(-books.yieldsPaid);
        expect(orders.every((order) => order.status !== STAKING_STATUS.active)).toBe(true);
        expect(books.committed).toBe(0n);
        // Every customer account is empty again; what came back is principal + yields - penalties.
        expect(books.balances.get('staked') ?? 0n).toBe(0n);
        expect(books.balances.get('staking_yield') ?? 0n).toBe(0n);
        expect(books.payouts).toBe(books.principalLocked + books.yieldsPaid - books.penalties);
        expect(books.balances.get('fees') ?? 0n).toBe(books.penalties);
      }),
      { numRuns: RUNS },
    );
    for (const [branch, count] of Object.entries(seen)) expect(count, branch).toBeGreaterThan(0);
  });

  it('an order never accrues beyond its term, and a matured order accrued every day of it', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const { orders } = simulate(scenario);
        for (const order of orders) {
          expect(order.daysAccrued <= order.termDays).toBe(true);
          expect(order.accrued).toBe(order.dailyYield * BigInt(order.daysAccrued));
          if (order.status === STAKING_STATUS.matured) expect(order.daysAccrued).toBe(order.termDays);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('days due are increasing, start after those paid and end within the term and the time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: -STAKING_DAY_MS, max: 4000 * STAKING_DAY_MS }),
        (termDays, accruedRaw, elapsed) => {
          const daysAccrued = Math.min(accruedRaw, termDays);
          const due = stakingDaysDue({ startTime: START, termDays, daysAccrued }, START + elapsed);
          due.forEach((day, index) => {
            expect(day).toBe(daysAccrued + 1 + index);
            expect(day <= termDays).toBe(true);
            expect(START + day * STAKING_DAY_MS <= START + elapsed).toBe(true);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a penalty is never above the principal and a payout never negative, whatever the rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        rateText({ allowZero: true, allowOne: true }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (principal, penaltyRate, accrued) => {
          const penalty = stakingPenalty(principal, SCALE, penaltyRate);
          expect(penalty >= 0n && penalty <= principal).toBe(true);
          expect(principal - penalty + accrued >= 0n).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
