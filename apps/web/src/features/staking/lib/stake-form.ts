/**
 * The stake form's checks and preview. The decision is the server's own rule, `decideStakingOrder`
 * (@kestrel/domain): paused, demo, the amount's format, the product's minimum and maximum, what the
 * customer may still have active, the quota left, the reserve's cover of this order's whole-term
 * yield, then the available balance; accepted, it answers the order's daily and whole-term yield and
 * its maturity, and `stakingPenalty` what redeeming early would keep. What lives here is reading the
 * product's wire texts into its terms at the currency's scale, and which problem belongs to the whole
 * product (it takes no orders now) and which to the amount field.
 */
import type { staking } from '@kestrel/contract/web';
import {
  decideStakingOrder,
  formatDecimal,
  parseDecimal,
  parseStakingRate,
  stakingPenalty,
  STAKING_UNITS_LIMIT,
  type StakingTerms,
} from '@kestrel/domain';

type Product = Pick<
  staking.StakingProduct,
  | 'termDays'
  | 'dailyRate'
  | 'penaltyRate'
  | 'minAmount'
  | 'maxAmount'
  | 'perCustomerMax'
  | 'quota'
  | 'quotaRemaining'
  | 'reserveUncommitted'
  | 'acceptingOrders'
  | 'closedReason'
  | 'demoAllowed'
>;

/** A problem to show: the language key (the server's refusal key) and its parameters. */
export interface FormProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The scale amounts of this product are kept at: the currency's (platform currency list), else the
 * decimals the server wrote the minimum with (it writes every amount at the currency's scale).
 */
export function moneyScaleOf(product: Pick<Product, 'minAmount'>, currencyScale: number | undefined): number {
  if (currencyScale !== undefined && Number.isInteger(currencyScale) && currencyScale >= 0) return currencyScale;
  return /\.(\d+)$/.exec(product.minAmount.trim())?.[1]?.length ?? 0;
}

/** An amount of the wire at the money scale; null when it is not one (or finer than the currency). */
export function unitsAt(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  try {
    return parseDecimal(text, scale);
  } catch {
    return null;
  }
}

function termsOf(product: Product, scale: number): StakingTerms | null {
  const min = unitsAt(product.minAmount, scale);
  const max = unitsAt(product.maxAmount, scale);
  const perCustomerMax = unitsAt(product.perCustomerMax, scale);
  const quota = unitsAt(product.quota, scale);
  if (min === null || max === null || perCustomerMax === null || quota === null) return null;
  return {
    moneyScale: scale,
    termDays: product.termDays,
    dailyRate: product.dailyRate,
    penaltyRate: product.penaltyRate,
    min,
    max,
    perCustomerMax,
    quota,
  };
}

export interface StakeContext {
  moneyScale: number;
  /** The customer's active principal in this product (units at the money scale). */
  customerActive: bigint;
  /** Available balance of the product's currency; unknown (null) leaves the balance to the server. */
  available: string | null | undefined;
  isDemo: boolean;
  now: number;
}

/**
 * Why this customer cannot stake in the product at all now: it takes no orders (its published reason),
 * or it is for real funds only and this is a demo account.
 */
export function productBlock(product: Product, isDemo: boolean): FormProblem | null {
  if (!product.acceptingOrders) {
    if (product.closedReason === 'paused' || product.closedReason === null) return { key: 'error.staking_paused' };
    if (product.closedReason === 'quota_full') return { key: 'error.staking_quota_full', params: { remaining: '0' } };
    return { key: 'error.staking_reserve_exhausted', params: { available: '0' } };
  }
  if (isDemo && product.demoAllowed !== 1) return { key: 'error.staking_demo_not_allowed' };
  return null;
}

export interface StakePreview {
  principal: bigint;
  /** principal x daily rate, rounded down. */
  dailyYield: bigint;
  /** daily yield x term days: what holding to maturity pays. */
  expectedYield: bigint;
  /** principal x penalty rate, rounded up: what redeeming early keeps. */
  penalty: bigint;
  startTime: number;
  maturityTime: number;
}

export type StakeCheck =
  { state: 'empty' } | { state: 'invalid'; problem: FormProblem } | { state: 'valid'; preview: StakePreview };

/** The amount typed, decided by the server's rule against the product and what the customer has. */
export function checkStake(text: string, product: Product, context: StakeContext): StakeCheck {
  if (text.trim() === '') return { state: 'empty' };
  const terms = termsOf(product, context.moneyScale);
  if (!terms) return { state: 'invalid', problem: { key: 'invest.common.terms_unreadable' } };
  const quotaRemaining = unitsAt(product.quotaRemaining, context.moneyScale) ?? 0n;
  const available = unitsAt(context.available, context.moneyScale);
  const decision = decideStakingOrder({
    amount: text,
    terms,
    paused: product.closedReason === 'paused',
    demoAllowed: product.demoAllowed === 1,
    demo: context.isDemo,
    customerActive: context.customerActive,
    productActive: terms.quota > quotaRemaining ? terms.quota - quotaRemaining : 0n,
    reserveUncommitted: unitsAt(product.reserveUncommitted, context.moneyScale) ?? 0n,
    // Unknown: the balance is left to the server.
    available: available ?? STAKING_UNITS_LIMIT,
    now: context.now,
  });
  if (decision.problem !== null) {
    return { state: 'invalid', problem: { key: `error.${decision.problem.code}`, params: decision.problem.params } };
  }
  const { order } = decision;
  return {
    state: 'valid',
    preview: {
      principal: order.principal,
      dailyYield: order.dailyYield,
      expectedYield: order.expectedYield,
      penalty: stakingPenalty(order.principal, context.moneyScale, product.penaltyRate),
      startTime: order.startTime,
      maturityTime: order.maturityTime,
    },
  };
}

/**
 * The most this customer can stake now, as text at the money scale: the smallest of the available
 * balance, the product's maximum, what the per-customer maximum leaves and the quota left. Null when
 * that is below the minimum (nothing to fill in). The reserve's cover of the whole-term yield bounds it too.
 */
export function maximumStake(product: Product, context: StakeContext): string | null {
  const terms = termsOf(product, context.moneyScale);
  const available = unitsAt(context.available, context.moneyScale);
  if (!terms || available === null) return null;
  const perCustomerLeft =
    terms.perCustomerMax > context.customerActive ? terms.perCustomerMax - context.customerActive : 0n;
  const quotaLeft = unitsAt(product.quotaRemaining, context.moneyScale) ?? 0n;
  const limits = [available, terms.max, perCustomerLeft, quotaLeft];
  // The reserve covers the whole-term yield: floor(p x rate) x termDays <= reserve.
  const rate = parseStakingRate(product.dailyRate);
  const reserve = unitsAt(product.reserveUncommitted, context.moneyScale);
  if (rate && rate.units > 0n && reserve !== null && terms.termDays > 0) {
    const dailyCover = reserve > 0n ? reserve / BigInt(terms.termDays) : 0n;
    limits.push(((dailyCover + 1n) * 10n ** BigInt(rate.scale) - 1n) / rate.units);
  }
  const most = limits.reduce((low, value) => (value < low ? value : low));
  if (most < terms.min) return null;
  return formatDecimal(most, context.moneyScale, { trimZeros: true });
}
