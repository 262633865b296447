// Endpoints of Locked staking ("lock mining"): features/staking (issue 13). Exported as `staking`.
//
// A customer locks `buyPrice` of a currency in a product for `termDays` days. Each full day (24 h from
// the order's start) pays principal x dailyRate (rounded down) from the platform's `staking_reserve`
// account into the order's accrued yield; at maturity principal and accrued yield return to available.
// Redeeming early returns the principal minus principal x penaltyRate (rounded up, to fee income) plus
// the yield accrued so far; no further yield is paid. Yield is never created: the reserve is a funded
// platform account, and an order is accepted only while the reserve's balance minus every yield still
// promised covers this order's whole-term yield (`acceptingOrders`, `closedReason`).
//
// Money-moving POSTs take an `Idempotency-Key` header: a replay returns the first answer.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { amountText, decimalString, flag, recordId, termText } from './shapes';
import { operatorSaveEndpoint } from './operator-save';

/** Order status: 0 active (locked, accruing), 1 matured and paid out, 2 redeemed early. */
export const STAKING_ORDER_STATUS = { active: 0, matured: 1, redeemed: 2 } as const;

/** Why a product takes no orders now; null when it does. */
export const STAKING_CLOSED_REASONS = ['paused', 'reserve_exhausted', 'quota_full'] as const;

export const stakingProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  termDays: z.number().int(),
  /** Paid per full day on the principal, e.g. "0.0010" = 0.10 % a day. */
  dailyRate: decimalString,
  /** dailyRate x 365, for comparison only (no compounding). */
  annualRate: decimalString,
  minAmount: decimalString,
  maxAmount: decimalString,
  /** The most principal one customer may have active in this product. */
  perCustomerMax: decimalString,
  /** Share of the principal kept when redeeming early, e.g. "0.02". */
  penaltyRate: decimalString,
  /** Principal the product accepts in all, and what is left of it. */
  quota: decimalString,
  quotaRemaining: decimalString,
  /** The reserve's balance minus every yield already promised: what new orders' yield can come from. */
  reserveUncommitted: decimalString,
  acceptingOrders: z.boolean(),
  closedReason: z.enum(STAKING_CLOSED_REASONS).nullable(),
  /** 1 when demo accounts may use it (demo funds, the demo book's own reserve). */
  demoAllowed: flag,
});
export type StakingProduct = z.infer<typeof stakingProduct>;

export const stakingProductList = defineEndpoint({
  method: 'GET',
  path: '/api/stakingProduct/list',
  summary:
    'Locked staking products with their terms, quota and reserve cover (ours: the original listed them inside its page config)',
  tag: 'invest',
  auth: 'optional',
  query: pageQuery,
  answer: { kind: 'rows', schema: stakingProduct },
});

export const stakingProductDetail = defineEndpoint({
  method: 'GET',
  path: '/api/stakingProduct/detail',
  summary: 'One locked staking product (ours)',
  tag: 'invest',
  auth: 'optional',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: stakingProduct },
});

export const stakingOrderRecord = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  currencyName: z.string(),
  /** The principal locked. */
  buyPrice: decimalString,
  dailyRate: decimalString,
  termDays: z.number().int(),
  penaltyRate: decimalString,
  /** principal x dailyRate (rounded down): one day's yield. */
  dailyYield: decimalString,
  /** dailyYield x termDays: what holding to maturity pays. */
  expectedYield: decimalString,
  daysAccrued: z.number().int(),
  accruedYield: decimalString,
  startTime: z.number().int(),
  maturityTime: z.number().int(),
  /** 0 active, 1 matured, 2 redeemed early. */
  status: z.number().int(),
  /** What an early redemption would keep now (active) or kept (redeemed), else "0". */
  penalty: decimalString,
  /** What returned to available (principal - penalty + accrued yield); null while active. */
  payout: decimalString.nullable(),
  endTime: z.number().int().nullable(),
  demo: flag,
});
export type StakingOrderRecord = z.infer<typeof stakingOrderRecord>;

export const stakingOrderAdd = defineEndpoint({
  method: 'POST',
  path: '/api/stakingOrder/add',
  summary:
    'Lock buyPrice in a staking product: available -> staked, and the whole-term yield is reserved from staking_reserve',
  tag: 'invest',
  auth: 'user',
  idempotent: true,
  body: z.object({ productId: recordId, buyPrice: amountText }),
  answer: { kind: 'data', schema: stakingOrderRecord },
});

export const stakingOrderList = defineEndpoint({
  method: 'GET',
  path: '/api/stakingOrder/list',
  summary: "The customer's own staking orders, newest first; status filters",
  tag: 'invest',
  auth: 'user',
  query: pageQuery.extend({ status: statusFilter(STAKING_ORDER_STATUS) }),
  answer: { kind: 'rows', schema: stakingOrderRecord },
});

export const stakingOrderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/stakingOrder/detail',
  summary: 'One of the customer’s own staking orders (ours)',
  tag: 'invest',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: stakingOrderRecord },
});

export const stakingOrderRedemption = defineEndpoint({
  method: 'POST',
  path: '/api/stakingOrder/redemption',
  summary:
    'Redeem an active order before maturity: principal minus the published penalty, plus the yield accrued so far, back to available',
  tag: 'invest',
  auth: 'user',
  idempotent: true,
  body: z.object({ orderId: recordId }),
  answer: { kind: 'data', schema: stakingOrderRecord },
});

// ---- Operator API (staff token) ----

export const operatorStakingProducts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/stakingProducts',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'Every staking product, hidden ones included, with its terms and whether customers see it (real book)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: stakingProduct.extend({ visible: z.boolean() }) },
});

export const operatorStakingProductSave = operatorSaveEndpoint({
  path: '/api/operator/stakingProducts/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Create a staking product (no id) or edit one (id); terms cannot change while it has active orders, only the quota, visibility and pause (admin)',
  idempotent: true,
  fields: {
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    currencyId: recordId,
    termDays: z.coerce.number().int().min(1).max(3650),
    dailyRate: termText,
    minAmount: termText,
    maxAmount: termText,
    perCustomerMax: termText,
    penaltyRate: termText,
    quota: termText,
    paused: flag.default(0),
    demoAllowed: flag.default(1),
    /** Whether customers see it; left out, a new product is shown and an edit keeps what it was. */
    visible: flag.optional(),
  },
  saved: stakingProduct,
});

// ---- The original's other name (API-FACTS: "`financialOrder/` or `stakingOrder/`") ----
// The same calls under `financialOrder/`: the same input, the same answer, the same idempotency.

export const financialOrderAdd = defineEndpoint({
  ...stakingOrderAdd,
  path: '/api/financialOrder/add',
  summary: 'The same call as stakingOrder/add, under the original’s other name',
});

export const financialOrderList = defineEndpoint({
  ...stakingOrderList,
  path: '/api/financialOrder/list',
  summary: 'The same call as stakingOrder/list, under the original’s other name',
});

export const financialOrderRedemption = defineEndpoint({
  ...stakingOrderRedemption,
  path: '/api/financialOrder/redemption',
  summary: 'The same call as stakingOrder/redemption, under the original’s other name',
});
