// Endpoints of New shares (IPO subscription): features/new-shares (issue 13). Exported as `newShares`.
//
// A new share is offered at a fixed issue price in lots. While the subscription window is open a
// customer subscribes a whole number of lots; the amount (quantity x issue price) moves from available
// to frozen. At the allocation time the scheduler allocates by the product's published rule and seed:
// - rule `lottery`: every subscribed lot is a ticket; tickets are ranked by
//   SHA-256(seed + ':' + subscriptionId + ':' + ticketNumber) (hex, ascending) and the first
//   `supplyLots` tickets win;
// - rule `pro_rata`: each subscription gets floor(lots x supplyLots / subscribedLots) lots, and the lots
//   left over go one each to subscriptions ranked by SHA-256(seed + ':' + subscriptionId).
// When the lots subscribed do not exceed the supply, everyone gets every lot. The seed's SHA-256
// (`seedCommitment`) is published from the moment the product exists; the seed itself is revealed at
// allocation, and `newProductApplyPurchase/allocations` lists every subscription's lots, so anyone can
// recompute everyone's result. The unallocated amount goes back to available at once; the allocated
// amount pays the issuer (the house) and the shares reach spot holdings at `unlockTime` (listing plus
// lock-up), where they sell like any spot holding.
//
// Money-moving POSTs take an `Idempotency-Key` header: a replay returns the first answer.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString, flag, recordId, termText } from './shapes';
import { operatorSaveEndpoint } from './operator-save';

/** Allocation rules a product may publish. */
export const ALLOCATION_RULES = ['lottery', 'pro_rata'] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];

/** A product's phase, from its times and whether it has been allocated. */
export const NEW_SHARE_PHASES = ['upcoming', 'open', 'closed', 'allocated', 'listed'] as const;

/** Subscription status: 0 waiting for allocation, 1 allocated (some lots, waiting for unlock), 2 nothing allocated (all refunded), 3 delivered to spot holdings. */
export const SUBSCRIPTION_STATUS = { pending: 0, allocated: 1, notAllocated: 2, delivered: 3 } as const;

/** One new-share product as customers see it. */
export const newShareProduct = z.object({
  id: z.number().int(),
  /** The code the shares trade under once delivered (a spot product). */
  productCode: z.string(),
  productName: z.string(),
  /** 1 US stock, 2 crypto, 3 futures, 4 forex. */
  productType: z.number().int(),
  /** What the issuer publishes about the offer, in the request's language. */
  description: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  /** Price of one share, in the currency. */
  issuePrice: decimalString,
  /** Shares per lot: a subscription is a whole number of lots. */
  lotSize: z.number().int(),
  /** Most lots one customer may hold subscriptions for (all their subscriptions together). */
  maxLotsPerCustomer: z.number().int(),
  /** Lots on offer. */
  supplyLots: z.number().int(),
  /** Lots subscribed so far, by everyone (in this book). */
  subscribedLots: z.number().int(),
  subscriberCount: z.number().int(),
  subscribeStartTime: z.number().int(),
  subscribeEndTime: z.number().int(),
  allocationTime: z.number().int(),
  listingTime: z.number().int(),
  lockupDays: z.number().int(),
  /** listingTime + lockupDays: when allocated shares reach spot holdings. */
  unlockTime: z.number().int(),
  allocationRule: z.enum(ALLOCATION_RULES),
  /** SHA-256 (hex) of the allocation seed, published before anyone subscribes. */
  seedCommitment: z.string(),
  /** The seed (hex), revealed at allocation; null before. */
  seed: z.string().nullable(),
  phase: z.enum(NEW_SHARE_PHASES),
  /** 1 when demo accounts may subscribe (with demo funds, in the demo book). */
  demoAllowed: flag,
  /** Lots allocated in all (after allocation), else null. */
  allocatedLots: z.number().int().nullable(),
  allocatedTime: z.number().int().nullable(),
});
export type NewShareProduct = z.infer<typeof newShareProduct>;

export const newShareList = defineEndpoint({
  method: 'GET',
  path: '/api/newProductApplyPurchase/list',
  summary: 'New-share offers, newest window first; productType filters by market',
  tag: 'invest',
  auth: 'optional',
  query: pageQuery.extend({ productType: z.coerce.number().int().min(1).max(4).optional() }),
  answer: { kind: 'rows', schema: newShareProduct },
});

export const newShareDetail = defineEndpoint({
  method: 'GET',
  path: '/api/newProductApplyPurchase/detail',
  summary: 'One new-share offer with its allocation rule and seed commitment (ours)',
  tag: 'invest',
  auth: 'optional',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: newShareProduct },
});

/** One subscription as the public allocation list shows it: no customer is named. */
export const allocationRow = z.object({
  subscriptionId: z.number().int(),
  lots: z.number().int(),
  allocatedLots: z.number().int(),
});

export const newShareAllocations = defineEndpoint({
  method: 'GET',
  path: '/api/newProductApplyPurchase/allocations',
  summary:
    'Every subscription of an allocated offer (ids and lots, nobody named), in subscription order, to recompute the allocation from the revealed seed (ours)',
  tag: 'invest',
  auth: 'optional',
  query: pageQuery.extend({ id: recordId }),
  answer: { kind: 'rows', schema: allocationRow },
});

/** One of the customer's subscriptions. */
export const subscriptionRecord = z.object({
  id: z.number().int(),
  newProductApplyPurchaseId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  currencyName: z.string(),
  issuePrice: decimalString,
  lotSize: z.number().int(),
  /** Shares subscribed (lots x lotSize). */
  applyPurchaseQuantity: z.number().int(),
  lots: z.number().int(),
  /** quantity x issue price: what was frozen. */
  frozenAmount: decimalString,
  /** Shares allocated; null until allocation. */
  allocatedQuantity: z.number().int().nullable(),
  /** What the allocated shares cost; null until allocation. */
  allocatedAmount: decimalString.nullable(),
  /** What came back to available; null until allocation. */
  refundAmount: decimalString.nullable(),
  /** 0 waiting for allocation, 1 allocated, 2 nothing allocated, 3 delivered to holdings. */
  status: z.number().int(),
  allocationTime: z.number().int(),
  unlockTime: z.number().int(),
  /** The spot holding the shares became (status 3), else null. */
  spotTradeOrderId: z.number().int().nullable(),
  demo: flag,
  createTime: z.number().int(),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;

export const subscribe = defineEndpoint({
  method: 'POST',
  path: '/api/userApplyPurchaseOrder/addUserApplyPurchaseOrder',
  summary:
    'Subscribe to a new share: applyPurchaseQuantity shares (a whole number of lots) at the issue price are frozen until allocation',
  tag: 'invest',
  auth: 'user',
  idempotent: true,
  bodyEncoding: 'json',
  body: z.object({
    newProductApplyPurchaseId: recordId,
    applyPurchaseQuantity: z.coerce.number().int().min(1).max(1_000_000_000),
  }),
  answer: { kind: 'data', schema: subscriptionRecord },
});

export const subscriptionList = defineEndpoint({
  method: 'GET',
  path: '/api/userApplyPurchaseOrder/list',
  summary: "The customer's own subscriptions, newest first (history)",
  tag: 'invest',
  auth: 'user',
  query: pageQuery.extend({ newProductApplyPurchaseId: recordId.optional() }),
  answer: { kind: 'rows', schema: subscriptionRecord },
});

// ---- Operator API (staff token) ----

export const operatorNewShares = defineEndpoint({
  method: 'GET',
  path: '/api/operator/newShares',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'Every new-share offer, hidden ones included, with its subscription statistics (real book)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: newShareProduct },
});

export const operatorNewShareSave = operatorSaveEndpoint({
  path: '/api/operator/newShares/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Create a new-share offer (no id) or edit one (id) before anyone subscribed; the seed is drawn by the server and only its commitment is shown (admin)',
  idempotent: true,
  fields: {
    productCode: z.string().trim().min(1).max(32),
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    issuePrice: termText,
    lotSize: z.coerce.number().int().min(1).max(1_000_000),
    maxLotsPerCustomer: z.coerce.number().int().min(1).max(1_000_000),
    supplyLots: z.coerce.number().int().min(1).max(100_000_000),
    subscribeStartTime: z.coerce.number().int().min(0),
    subscribeEndTime: z.coerce.number().int().min(0),
    allocationTime: z.coerce.number().int().min(0),
    listingTime: z.coerce.number().int().min(0),
    lockupDays: z.coerce.number().int().min(0).max(3650),
    allocationRule: z.enum(ALLOCATION_RULES),
    demoAllowed: flag.default(1),
  },
  saved: newShareProduct,
});
