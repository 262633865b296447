/**
 * Locked staking ("lock mining", issue 13), decided: the published rule of
 * packages/contract/src/endpoints/staking.ts as pure functions of the product's terms, the order and
 * the time given. The server loads, calls these, and writes what they answer.
 *
 * - One day's yield = principal x dailyRate, rounded DOWN (the customer receives it); a day is paid
 *   once 24 h have passed since the order's start, day k ending at start + k x 24 h, at most termDays days.
 * - expected yield = daily yield x termDays: what holding to maturity pays, promised out of the
 *   `staking_reserve` platform account when the order is accepted (the commitment).
 * - Early redemption keeps principal x penaltyRate, rounded UP (the customer pays it), and pays
 *   principal - penalty + the yield accrued so far; the yield not yet paid is released from the commitment.
 *
 * Ledger moves are named by role (decision.ts); every event's moves sum to zero:
 *   accepted   available -P, staked +P                                     (commitment +expected)
 *   day k      reserve -y, staking_yield +y                                (commitment -y)
 *   matured    staked -P, staking_yield -A, available +(P + A)
 *   redeemed   staked -P, staking_yield -A, available +(P - penalty + A), fees +penalty
 *                                                                          (commitment -(expected - A))
 * Rates are decimal text, applied at exactly the precision they were written with.
 */
import { formatDecimal, multiply, parseDecimal } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { parseCustomerAmount, type CustomerAmountProblemCode } from '../funding/customer-amount';
import { problem, type Problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';

export const STAKING_DAY_MS = 86_400_000;
export const STAKING_TERM_DAYS_MAX = 3_650;
/** Rates carry at most this many decimals ("0.000123456789012345"). */
export const STAKING_RATE_SCALE_MAX = 18;
/** No amount of a product, nor the yield it promises, may reach this many units (BIGINT columns hold 9.2e18). */
export const STAKING_UNITS_LIMIT = 10n ** 18n;

/** Order status (the contract's STAKING_ORDER_STATUS, repeated here because the domain imports nothing of ours). */
export const STAKING_STATUS = { active: 0, matured: 1, redeemed: 2 } as const;

/** The accounts staking moves money between, by role: the customer's three and the platform's two. */
export type StakingRole = 'available' | 'staked' | 'staking_yield' | 'reserve' | 'fees';
export type StakingMove = LedgerMove<StakingRole>;

/** A rate as written, exactly: units at its own scale. */
export interface StakingRate {
  units: bigint;
  scale: number;
}

const RATE_PATTERN = /^\d+(?:\.\d+)?$/;

/**
 * A rate typed by an operator or stored on a product: a plain non-negative decimal with at most
 * STAKING_RATE_SCALE_MAX significant decimals, or null. Trailing zeros carry no precision.
 */
export function parseStakingRate(text: string): StakingRate | null {
  const trimmed = text.trim();
  if (!RATE_PATTERN.test(trimmed)) return null;
  const fraction = /\.(\d+)$/.exec(trimmed)?.[1] ?? '';
  const scale = fraction.replace(/0+$/, '').length;
  if (scale > STAKING_RATE_SCALE_MAX) return null;
  try {
    return { units: parseDecimal(trimmed, scale), scale };
  } catch {
    return null;
  }
}

/** A stored rate: one that does not parse is a broken product row, never the customer's mistake. */
function storedRate(text: string, what: string): StakingRate {
  const rate = parseStakingRate(text);
  if (!rate) throw new RangeError(`a staking ${what} is not a rate: ${JSON.stringify(text)}`);
  return rate;
}

/** principal x dailyRate, rounded down: the customer receives it. */
export function stakingDailyYield(principal: bigint, moneyScale: number, dailyRate: string): bigint {
  const rate = storedRate(dailyRate, 'daily rate');
  return multiply(principal, moneyScale, rate.units, rate.scale, moneyScale, HOUSE_ROUNDING.customerReceives);
}

/** What holding to maturity pays: the daily yield for every day of the term. */
export function stakingExpectedYield(dailyYield: bigint, termDays: number): bigint {
  return dailyYield * BigInt(termDays);
}

/** principal x penaltyRate, rounded up (the customer pays it), never above the principal. */
export function stakingPenalty(principal: bigint, moneyScale: number, penaltyRate: string): bigint {
  const rate = storedRate(penaltyRate, 'penalty rate');
  const penalty = multiply(principal, moneyScale, rate.units, rate.scale, moneyScale, HOUSE_ROUNDING.customerPays);
  return penalty > principal ? principal : penalty;
}

/** dailyRate x 365 at the daily rate's own precision: for comparison only (no compounding). */
export function stakingAnnualRate(dailyRate: string): string {
  const rate = storedRate(dailyRate, 'daily rate');
  return formatDecimal(rate.units * 365n, rate.scale);
}

/** When day `day` (1-based) of an order started at `startTime` has ended. */
export function stakingDayEnd(startTime: number, day: number): number {
  return startTime + day * STAKING_DAY_MS;
}

export function stakingMaturityTime(startTime: number, termDays: number): number {
  return stakingDayEnd(startTime, termDays);
}

/** The days of an order not yet paid whose end is at or before `asOf`, in order (never beyond the term). */
export function stakingDaysDue(
  order: { startTime: number; termDays: number; daysAccrued: number },
  asOf: number,
): number[] {
  const elapsed = Math.floor((asOf - order.startTime) / STAKING_DAY_MS);
  const last = Math.min(order.termDays, elapsed);
  const days: number[] = [];
  for (let day = order.daysAccrued + 1; day <= last; day += 1) days.push(day);
  return days;
}

// ---- Product terms ----

/** A product's terms as an operator types them. */
export interface StakingTermsInput {
  termDays: number;
  dailyRate: string;
  penaltyRate: string;
  minAmount: string;
  maxAmount: string;
  perCustomerMax: string;
  quota: string;
}

/** A product's terms, amounts in units at the currency's scale, rates as written (trimmed). */
export interface StakingTerms {
  moneyScale: number;
  termDays: number;
  dailyRate: string;
  penaltyRate: string;
  min: bigint;
  max: bigint;
  perCustomerMax: bigint;
  quota: bigint;
}

export type StakingTermsProblemCode = 'staking_terms_invalid';

/**
 * Checks terms an operator typed; the problem names the first `field` that is wrong. The term is
 * 1..3650 days; the daily rate above 0 and below 1; the penalty rate 0..1; the minimum above 0, at
 * most the maximum and the per-customer maximum; the quota not negative; the minimum's daily yield at
 * least one unit (so every accepted order earns something every day); nothing, the yield promised
 * included, beyond STAKING_UNITS_LIMIT.
 */
export function parseStakingTerms(
  input: StakingTermsInput,
  moneyScale: number,
): { problem: null; terms: StakingTerms } | { problem: Problem<StakingTermsProblemCode> } {
  const invalid = (field: string) => ({ problem: problem('staking_terms_invalid', { field }) });
  if (!Number.isInteger(input.termDays) || input.termDays < 1 || input.termDays > STAKING_TERM_DAYS_MAX) {
    return invalid('termDays');
  }
  const dailyRate = parseStakingRate(input.dailyRate);
  if (!dailyRate || dailyRate.units <= 0n || dailyRate.units >= 10n ** BigInt(dailyRate.scale)) {
    return invalid('dailyRate');
  }
  const penaltyRate = parseStakingRate(input.penaltyRate);
  if (!penaltyRate || penaltyRate.units > 10n ** BigInt(penaltyRate.scale)) return invalid('penaltyRate');
  const amounts = {} as Record<'minAmount' | 'maxAmount' | 'perCustomerMax' | 'quota', bigint>;
  for (const field of ['minAmount', 'maxAmount', 'perCustomerMax', 'quota'] as const) {
    const text = input[field].trim();
    let units: bigint;
    try {
      units = parseDecimal(text, moneyScale);
    } catch {
      return invalid(field);
    }
    if (units < 0n || units >= STAKING_UNITS_LIMIT || (field !== 'quota' && units === 0n)) return invalid(field);
    amounts[field] = units;
  }
  if (amounts.maxAmount < amounts.minAmount) return invalid('maxAmount');
  if (amounts.perCustomerMax < amounts.minAmount) return invalid('perCustomerMax');
  const terms: StakingTerms = {
    moneyScale,
    termDays: input.termDays,
    dailyRate: input.dailyRate.trim(),
    penaltyRate: input.penaltyRate.trim(),
    min: amounts.minAmount,
    max: amounts.maxAmount,
    perCustomerMax: amounts.perCustomerMax,
    quota: amounts.quota,
  };
  if (stakingDailyYield(terms.min, moneyScale, terms.dailyRate) <= 0n) return invalid('minAmount');
  const largest = terms.max > terms.perCustomerMax ? terms.max : terms.perCustomerMax;
  if (
    stakingExpectedYield(stakingDailyYield(largest, moneyScale, terms.dailyRate), terms.termDays) >= STAKING_UNITS_LIMIT
  ) {
    return invalid('maxAmount');
  }
  return { problem: null, terms };
}

/** Which terms of two sets differ (compared by value: "0.0010" is "0.001"). */
export function stakingTermsChanged(
  before: StakingTerms & { currencyId: number },
  after: StakingTerms & { currencyId: number },
): string[] {
  const sameRate = (left: string, right: string) => {
    const a = parseStakingRate(left);
    const b = parseStakingRate(right);
    if (!a || !b) return left === right;
    const scale = Math.max(a.scale, b.scale);
    return a.units * 10n ** BigInt(scale - a.scale) === b.units * 10n ** BigInt(scale - b.scale);
  };
  const changed: string[] = [];
  if (before.currencyId !== after.currencyId) changed.push('currencyId');
  if (before.termDays !== after.termDays) changed.push('termDays');
  if (!sameRate(before.dailyRate, after.dailyRate)) changed.push('dailyRate');
  if (!sameRate(before.penaltyRate, after.penaltyRate)) changed.push('penaltyRate');
  if (before.min !== after.min) changed.push('minAmount');
  if (before.max !== after.max) changed.push('maxAmount');
  if (before.perCustomerMax !== after.perCustomerMax) changed.push('perCustomerMax');
  return changed;
}

// ---- A product's state for customers ----

export type StakingClosedReason = 'paused' | 'quota_full' | 'reserve_exhausted';

export interface StakingProductState {
  terms: StakingTerms;
  paused: boolean;
  /** Principal of every active order of the product in the viewer's book. */
  activePrincipal: bigint;
  /** The reserve's balance minus every yield still promised, in the viewer's book and the product's currency. */
  reserveUncommitted: bigint;
}

/**
 * Whether the product takes orders now and why not: paused; the quota cannot take the minimum; the
 * reserve's uncommitted amount cannot cover the minimum's whole-term yield. Checked in that order.
 */
export function stakingProductStatus(state: StakingProductState): {
  acceptingOrders: boolean;
  closedReason: StakingClosedReason | null;
  quotaRemaining: bigint;
} {
  const { terms } = state;
  const quotaRemaining = terms.quota > state.activePrincipal ? terms.quota - state.activePrincipal : 0n;
  const closed = (closedReason: StakingClosedReason) => ({ acceptingOrders: false, closedReason, quotaRemaining });
  if (state.paused) return closed('paused');
  if (quotaRemaining < terms.min) return closed('quota_full');
  const minimumYield = stakingExpectedYield(
    stakingDailyYield(terms.min, terms.moneyScale, terms.dailyRate),
    terms.termDays,
  );
  if (state.reserveUncommitted < minimumYield) return closed('reserve_exhausted');
  return { acceptingOrders: true, closedReason: null, quotaRemaining };
}

// ---- Accepting an order ----

export type StakingOrderProblemCode =
  | 'staking_paused'
  | 'staking_demo_not_allowed'
  | CustomerAmountProblemCode
  | 'staking_below_minimum'
  | 'staking_above_maximum'
  | 'staking_customer_limit'
  | 'staking_quota_full'
  | 'staking_reserve_exhausted'
  | 'insufficient_balance';

export interface StakingOrderInput {
  /** The principal as the customer typed it. */
  amount: string;
  terms: StakingTerms;
  paused: boolean;
  demoAllowed: boolean;
  /** Whether the customer is a demo account (their book is 'demo'). */
  demo: boolean;
  /** The customer's own active principal in this product. */
  customerActive: bigint;
  /** Every customer's active principal in this product, in the customer's book. */
  productActive: bigint;
  /** The reserve's balance minus every yield still promised (the customer's book, the product's currency). */
  reserveUncommitted: bigint;
  /** The customer's available balance in the product's currency. */
  available: bigint;
  now: number;
}

/** The order row to write: the product's terms copied, so an order reads the same whatever is edited later. */
export interface StakingOrderValues {
  principal: bigint;
  dailyRate: string;
  penaltyRate: string;
  termDays: number;
  dailyYield: bigint;
  expectedYield: bigint;
  startTime: number;
  maturityTime: number;
}

export type StakingOrderDecision = Decision<
  StakingOrderProblemCode,
  { order: StakingOrderValues; commitment: bigint; moves: StakingMove[] }
>;

/**
 * An order, in the order the server refuses: paused, a demo account where demo is not allowed, the
 * amount's format, the product's minimum and maximum, what the customer may still have active, the
 * quota left, the reserve's cover of this order's whole-term yield, the available balance.
 */
export function decideStakingOrder(input: StakingOrderInput): StakingOrderDecision {
  const { terms } = input;
  const show = (units: bigint) => formatDecimal(units, terms.moneyScale, { trimZeros: true });
  if (input.paused) return refusal(problem('staking_paused'));
  if (input.demo && !input.demoAllowed) return refusal(problem('staking_demo_not_allowed'));
  const amount = parseCustomerAmount(input.amount, terms.moneyScale);
  if (amount.problem) return refusal(amount.problem);
  const principal = amount.units;
  if (principal < terms.min) return refusal(problem('staking_below_minimum', { min: show(terms.min) }));
  if (principal > terms.max) return refusal(problem('staking_above_maximum', { max: show(terms.max) }));
  if (input.customerActive + principal > terms.perCustomerMax) {
    const remaining = terms.perCustomerMax > input.customerActive ? terms.perCustomerMax - input.customerActive : 0n;
    return refusal(problem('staking_customer_limit', { remaining: show(remaining), max: show(terms.perCustomerMax) }));
  }
  if (input.productActive + principal > terms.quota) {
    const remaining = terms.quota > input.productActive ? terms.quota - input.productActive : 0n;
    return refusal(problem('staking_quota_full', { remaining: show(remaining) }));
  }
  const dailyYield = stakingDailyYield(principal, terms.moneyScale, terms.dailyRate);
  const expectedYield = stakingExpectedYield(dailyYield, terms.termDays);
  if (expectedYield > input.reserveUncommitted) {
    const available = input.reserveUncommitted > 0n ? input.reserveUncommitted : 0n;
    return refusal(problem('staking_reserve_exhausted', { available: show(available) }));
  }
  if (principal > input.available) return refusal(problem('insufficient_balance'));
  return {
    problem: null,
    order: {
      principal,
      dailyRate: terms.dailyRate,
      penaltyRate: terms.penaltyRate,
      termDays: terms.termDays,
      dailyYield,
      expectedYield,
      startTime: input.now,
      maturityTime: stakingMaturityTime(input.now, terms.termDays),
    },
    commitment: expectedYield,
    moves: [
      { role: 'available', amount: -principal },
      { role: 'staked', amount: principal },
    ],
  };
}

// ---- An order's life: daily yield, maturity, early redemption ----

/** An order as stored. */
export interface StakingOrderState {
  moneyScale: number;
  principal: bigint;
  penaltyRate: string;
  termDays: number;
  dailyYield: bigint;
  expectedYield: bigint;
  daysAccrued: number;
  accrued: bigint;
  startTime: number;
  maturityTime: number;
  /** STAKING_STATUS. */
  status: number;
}

export interface StakingAccrual {
  day: number;
  yield: bigint;
  /** What the commitment changes by: minus the yield, now paid. */
  commitment: bigint;
  /** The entry's memo: "day k of N". */
  memo: string;
  moves: StakingMove[];
  /** The order after the payment. */
  daysAccrued: number;
  accrued: bigint;
}

/**
 * Day `day`'s yield, or null when it is not the next day to pay, its end is after `asOf`, or the order
 * is not active: a second payment of a day decides nothing.
 */
export function stakingAccrual(order: StakingOrderState, day: number, asOf: number): StakingAccrual | null {
  if (order.status !== STAKING_STATUS.active) return null;
  if (day !== order.daysAccrued + 1 || day > order.termDays) return null;
  if (stakingDayEnd(order.startTime, day) > asOf) return null;
  return {
    day,
    yield: order.dailyYield,
    commitment: -order.dailyYield,
    memo: `day ${day} of ${order.termDays}`,
    moves: nonZeroMoves<StakingMove>([
      { role: 'reserve', amount: -order.dailyYield },
      { role: 'staking_yield', amount: order.dailyYield },
    ]),
    daysAccrued: day,
    accrued: order.accrued + order.dailyYield,
  };
}

export interface StakingMaturity {
  /** principal + accrued yield, back to available. */
  payout: bigint;
  moves: StakingMove[];
}

/** The payout at maturity, or null until every day is paid and the maturity time has come. */
export function stakingMaturity(order: StakingOrderState, asOf: number): StakingMaturity | null {
  if (order.status !== STAKING_STATUS.active) return null;
  if (order.daysAccrued !== order.termDays || asOf < order.maturityTime) return null;
  const payout = order.principal + order.accrued;
  return {
    payout,
    moves: nonZeroMoves<StakingMove>([
      { role: 'staked', amount: -order.principal },
      { role: 'staking_yield', amount: -order.accrued },
      { role: 'available', amount: payout },
    ]),
  };
}

export interface StakingRedemption {
  penalty: bigint;
  /** principal - penalty + accrued yield, back to available. */
  payout: bigint;
  /** What the commitment changes by: minus the yield that will now never be paid. */
  commitment: bigint;
  moves: StakingMove[];
}

/** principal - penalty + accrued: what an early redemption returns. Never negative (the penalty is at most the principal). */
export function stakingEarlyPayout(principal: bigint, penalty: bigint, accrued: bigint): bigint {
  return principal - penalty + accrued;
}

/** An early redemption of an active order: the published penalty kept, the accrued yield paid, the rest released. */
export function decideStakingRedemption(
  order: StakingOrderState,
): Decision<'staking_order_finished', StakingRedemption> {
  if (order.status !== STAKING_STATUS.active) return refusal(problem('staking_order_finished'));
  const penalty = stakingPenalty(order.principal, order.moneyScale, order.penaltyRate);
  const payout = stakingEarlyPayout(order.principal, penalty, order.accrued);
  return {
    problem: null,
    penalty,
    payout,
    commitment: -(order.expectedYield - order.accrued),
    moves: nonZeroMoves<StakingMove>([
      { role: 'staked', amount: -order.principal },
      { role: 'staking_yield', amount: -order.accrued },
      { role: 'available', amount: payout },
      { role: 'fees', amount: penalty },
    ]),
  };
}
