// Endpoints of the operator console's customer care (issue 16): features/customer-care. Exported as
// `operatorCustomers`. Staff tokens only; each endpoint names the roles that may call it.
//
// - Customers: search, detail (profile, demo/real link, identity levels, lock, balances read from the
//   ledger, open positions and orders), statement (their ledger entries), live sessions; lock and
//   unlock with a reason. A lock ends every session of the customer at once (and the demo sessions
//   entered from them) and refuses sign-in with `error.account_suspended` until an unlock.
// - Manual adjustments, the only way an operator changes a balance: one operator (finance or admin)
//   asks for a signed amount with a reason; a SECOND operator approves it, which posts ONE entry
//   `operator.adjustment` between the customer's available balance and the platform's
//   `operator_adjustment` account (actor: the approving operator; memo: the reason). The customer's
//   statement shows it as "Adjustment by Kestrel" with the reason. Real accounts only.
// - Dashboard and reconcile runs. The ledger is also reconciled on a schedule (`ledger.reconcile`,
//   every 10 minutes by default); a run that finds differences raises the alarm (the log, the
//   dashboard's `ledgerAlarm`) and halts money movement on what the differences name until an admin
//   lifts the halt with a reason (`operatorMoneyHalts`, `operatorMoneyHaltLift`).
//
// Every POST writes exactly one operator audit row. Money-moving POSTs take an `Idempotency-Key`.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { amountText, decimalString, flag, recordId } from './shapes';
import { ledgerEntry } from './ledger';

/** 0 pending (asked for, nothing moved), 1 approved (the entry posted), 2 rejected (nothing moved). */
export const ADJUSTMENT_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** The reason code of an approved adjustment's journal entry; the statement translates `reason.operator.adjustment`. */
export const ADJUSTMENT_REASON_CODE = 'operator.adjustment';

const reasonText = z.string().trim().min(1).max(500);

// ---- Customers ----

export const customerRow = z.object({
  id: z.number().int(),
  userAccount: z.string(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  nickName: z.string(),
  /** 0 real, 2 demo (contract ACCOUNT_TYPE). */
  accountType: z.number().int(),
  inviteCode: z.string(),
  createdAt: z.number().int(),
  /** 1 while an operator lock stands. */
  locked: flag,
});
export type CustomerRow = z.infer<typeof customerRow>;

export const operatorCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/operator/customers',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary:
    'Customers, newest first. search: a part of the login name, email or phone, an exact user id, or an exact invite code',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
  answer: { kind: 'rows', schema: customerRow },
});

export const customerBalance = z.object({
  book: z.enum(['real', 'demo']),
  currencyId: z.number().int(),
  currencyName: z.string(),
  available: decimalString,
  frozen: decimalString,
  margin: decimalString,
  staked: decimalString,
});

export const identityLevelState = z.object({
  /** 0 basic, 1 advanced. */
  level: z.number().int(),
  /** 0 none, 1 pending, 2 passed, 3 rejected (the latest sending). */
  status: z.number().int(),
  submittedAt: z.number().int().nullable(),
  reviewedAt: z.number().int().nullable(),
});

export const customerDetail = customerRow.extend({
  /** The linked account: a real account's demo account, or a demo account's real one; null if none. */
  linkedUserId: z.number().int().nullable(),
  /** The linked account's login name, shown instead of its id. */
  linkedUserAccount: z.string().nullable(),
  inviterId: z.number().int().nullable(),
  language: z.string().nullable(),
  identity: z.array(identityLevelState),
  lock: z
    .object({
      lockedAt: z.number().int(),
      lockedByStaffId: z.number().int(),
      lockedByUsername: z.string(),
      reason: z.string(),
    })
    .nullable(),
  /** Too many wrong passwords: sign-in refused until this time (not an operator lock). */
  passwordLockedUntil: z.number().int().nullable(),
  lastSignInAt: z.number().int().nullable(),
  /** Every non-zero ledger balance of this account and its linked account, per book and currency. */
  balances: z.array(customerBalance),
  openContracts: z.number().int(),
  heldSpot: z.number().int(),
  openFastTrades: z.number().int(),
  openCoinOrders: z.number().int(),
  activeLoans: z.number().int(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

export const operatorCustomerDetail = defineEndpoint({
  method: 'GET',
  path: '/api/operator/customers/detail',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'One customer: profile, demo/real link, identity, lock, ledger balances, open positions and orders',
  tag: 'operator',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: customerDetail },
});

export const customerStatementLine = z.object({
  postingId: z.number().int(),
  ...ledgerEntry.shape,
  book: z.string(),
  kind: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  amount: decimalString,
  balanceAfter: decimalString,
});

export const operatorCustomerStatement = defineEndpoint({
  method: 'GET',
  path: '/api/operator/customers/statement',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: "A customer's ledger postings (every book and kind), newest first, with reason, actor and tick",
  tag: 'operator',
  auth: 'user',
  // currencyId bounded like every id: past 2^31-1 PostgreSQL refused the whole query (an HTTP 500, issue 18).
  query: pageQuery.extend({ id: recordId, currencyId: recordId.optional() }),
  answer: { kind: 'rows', schema: customerStatementLine },
});

export const customerSession = z.object({
  /** The session's public id (never the token). */
  sessionId: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int(),
  deviceLabel: z.string(),
  ip: z.string(),
});

export const operatorCustomerSessions = defineEndpoint({
  method: 'GET',
  path: '/api/operator/customers/sessions',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: "A customer's live sessions (not ended, not expired), most recently used first; no token is shown",
  tag: 'operator',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'rows', schema: customerSession },
});

const lockAnswer = z.object({ id: z.number().int(), locked: flag, sessionsEnded: z.number().int() });

export const operatorCustomerLock = defineEndpoint({
  method: 'POST',
  path: '/api/operator/customers/lock',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary:
    'Lock a real account with a reason: its sessions end at once and sign-in is refused (error.account_suspended) until unlocked',
  tag: 'operator',
  auth: 'user',
  body: z.object({ id: recordId, reason: reasonText }),
  answer: { kind: 'data', schema: lockAnswer },
});

export const operatorCustomerUnlock = defineEndpoint({
  method: 'POST',
  path: '/api/operator/customers/unlock',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: 'Lift an operator lock with a reason; the customer may sign in again',
  tag: 'operator',
  auth: 'user',
  body: z.object({ id: recordId, reason: reasonText }),
  answer: { kind: 'data', schema: lockAnswer },
});

// ---- Manual adjustments ----

export const adjustmentRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userAccount: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  /** Signed: positive credits the customer, negative debits them. */
  amount: decimalString,
  reason: z.string(),
  /** 0 pending, 1 approved, 2 rejected. */
  status: z.number().int(),
  requestedByStaffId: z.number().int(),
  requestedByUsername: z.string(),
  requestedAt: z.number().int(),
  reviewedByStaffId: z.number().int().nullable(),
  reviewedByUsername: z.string().nullable(),
  reviewedAt: z.number().int().nullable(),
  /** The rejecting operator's reason ('' otherwise). */
  reviewReason: z.string(),
  /** The journal entry an approval posted. */
  entryId: z.number().int().nullable(),
});
export type AdjustmentRecord = z.infer<typeof adjustmentRecord>;

export const operatorAdjustments = defineEndpoint({
  method: 'GET',
  path: '/api/operator/adjustments',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'Manual adjustments, newest first; status and userId filter',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({
    status: statusFilter(ADJUSTMENT_STATUS),
    userId: recordId.optional(),
  }),
  answer: { kind: 'rows', schema: adjustmentRecord },
});

export const operatorAdjustmentRequest = defineEndpoint({
  method: 'POST',
  path: '/api/operator/adjustments/request',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Ask for a manual adjustment of a real customer’s available balance (signed amount, reason); nothing moves until another operator approves',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({ userId: recordId, currencyId: recordId, amount: amountText, reason: reasonText }),
  answer: { kind: 'data', schema: adjustmentRecord },
});

export const operatorAdjustmentApprove = defineEndpoint({
  method: 'POST',
  path: '/api/operator/adjustments/approve',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Approve a pending adjustment (not one’s own): ONE entry operator.adjustment moves the amount; a debit beyond the available balance is refused',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({ id: recordId }),
  answer: { kind: 'data', schema: adjustmentRecord },
});

export const operatorAdjustmentReject = defineEndpoint({
  method: 'POST',
  path: '/api/operator/adjustments/reject',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Reject a pending adjustment with a reason; nothing moves',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({ id: recordId, reason: reasonText }),
  answer: { kind: 'data', schema: adjustmentRecord },
});

// ---- Dashboard and reconcile ----

export const reconcileRunRecord = z.object({
  id: z.number().int(),
  ranAt: z.number().int(),
  ok: flag,
  differences: z.number().int(),
  entriesChecked: z.number().int(),
  accountsChecked: z.number().int(),
  durationMs: z.number().int(),
  /** The operator who ran it; null for a run of the schedule. */
  staffId: z.number().int().nullable(),
  /** The first differences found (at most 20), for the operator to read. */
  problems: z.array(z.string()),
});
export type ReconcileRunRecord = z.infer<typeof reconcileRunRecord>;

export const dashboardCounts = z.object({
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  pendingIdentityReviews: z.number().int(),
  pendingLoans: z.number().int(),
  pendingAdjustments: z.number().int(),
  /** Real accounts created since 00:00 UTC today, and in the last 7 x 24 h. */
  signUpsToday: z.number().int(),
  signUpsLast7Days: z.number().int(),
});

/** The real book only, in USDT at the published rates (rounded down), as decimal text. */
export const dashboardMoney = z.object({
  /** Last 24 h: spot buys and sells (amount), contracts opened (notional), fast trades placed (stake), coin-to-coin fills (quote amount). */
  volume24h: z.object({
    spot: decimalString,
    contracts: decimalString,
    fastTrades: decimalString,
    coinToCoin: decimalString,
  }),
  /** Postings to the platform's fee_income accounts over the last 24 h. */
  feeIncome24h: decimalString,
  /** The trading house's result over the last 24 h (postings to trading_house) and in all (its balance). */
  houseResult24h: decimalString,
  houseResultTotal: decimalString,
  /** Currencies left out of the USDT figures because no rate to USDT is published. */
  unvaluedCurrencies: z.array(z.string()),
});

/** The ledger alarm: what the scheduled reconcile found and what stands halted because of it. */
export const ledgerAlarm = z.object({
  /** 1 while the latest run (scheduled or an operator's) found differences: the console shows a red banner. */
  differencesFound: flag,
  /** The latest run of the schedule; null before its first. */
  latestScheduledRun: reconcileRunRecord.nullable(),
  /** Halts standing now (operatorMoneyHalts lists them). */
  standingHalts: z.number().int(),
});
export type LedgerAlarm = z.infer<typeof ledgerAlarm>;

export const dashboard = z.object({
  asOf: z.number().int(),
  counts: dashboardCounts,
  /** Only for roles that read money (admin, finance, support); null for content. */
  money: dashboardMoney.nullable(),
  /** The latest stored reconcile run; null before the first (money readers only, null for content). */
  reconcile: reconcileRunRecord.nullable(),
  /** Money readers only, null for content. */
  ledgerAlarm: ledgerAlarm.nullable(),
});
export type Dashboard = z.infer<typeof dashboard>;

export const operatorDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/operator/dashboard',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary:
    'Queues, sign-ups, 24 h volume, fee income, house result, the last reconcile and the ledger alarm; content editors get the counts only',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'data', schema: dashboard },
});

export const operatorReconcileRun = defineEndpoint({
  method: 'POST',
  path: '/api/operator/reconcile/run',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Verify the whole ledger now (as npm run reconcile), store the result and answer it; one run at a time, at most one a minute',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'data', schema: reconcileRunRecord },
});

// ---- Money halts (issue 18 part 4) ----

/**
 * What a halt stops: `account` every account of the customer owning `ledgerAccountId` (the account
 * whose figures disagreed), `currency` every customer account in `currencyId`, `all` every customer
 * account. Platform accounts are never halted.
 */
export const MONEY_HALT_SCOPES = ['account', 'currency', 'all'] as const;

export const moneyHaltRecord = z.object({
  id: z.number().int(),
  scope: z.enum(MONEY_HALT_SCOPES),
  ledgerAccountId: z.number().int().nullable(),
  /** The customer halted (scope account). */
  userId: z.number().int().nullable(),
  userAccount: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  currencyName: z.string().nullable(),
  /** The halted account's book and kind (scope account). */
  book: z.string().nullable(),
  accountKind: z.string().nullable(),
  /** The difference that raised it, as reconcile wrote it. */
  reason: z.string(),
  foundAt: z.number().int(),
  reconcileRunId: z.number().int(),
  /** 1 while it stands. */
  standing: flag,
  liftedAt: z.number().int().nullable(),
  liftedByStaffId: z.number().int().nullable(),
  liftedByUsername: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type MoneyHaltRecord = z.infer<typeof moneyHaltRecord>;

export const operatorMoneyHalts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/halts',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'Money halts raised by reconcile runs, newest first; standing=1 only those in force, 0 only lifted ones',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ standing: z.coerce.number().int().min(0).max(1).optional() }),
  answer: { kind: 'rows', schema: moneyHaltRecord },
});

export const operatorMoneyHaltLift = defineEndpoint({
  method: 'POST',
  path: '/api/operator/halts/lift',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Lift a standing money halt with a reason (admin): money moves again on what it covered; the next reconcile halts again if the difference is still there',
  tag: 'operator',
  auth: 'user',
  body: z.object({ id: recordId, reason: reasonText }),
  answer: { kind: 'data', schema: moneyHaltRecord },
});
