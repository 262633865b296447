// Endpoints of Loans: features/loans (issue 13). Exported as `loans`.
//
// A customer applies for `orderPrice` of a product's currency; an operator approves or rejects it
// (operator API). Approval disburses the principal from the platform's `loan_book` account to the
// customer's available balance and starts the term. Interest accrues per full day (24 h from
// approval) on the principal still owed: 0 during the first `interestFreeDays` days, `dailyRate` up
// to `termDays`, `overdueDailyRate` on every day after the due time (all rounded up, published on the
// product). A repayment pays interest owed first, then principal; the loan is settled when nothing is
// owed. Owed = principal + interest so far - repayments, at every step. There is no other fee.
//
// Money-moving POSTs take an `Idempotency-Key` header: a replay returns the first answer.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { operatorSaveEndpoint } from './operator-save';
import { amountText, auditReason, decimalString, flag, recordId, termText } from './shapes';

/** Status (API-FACTS): 0 applied (waiting for review), 1 active, 2 settled, 3 rejected. */
export const LOAN_STATUS = { applied: 0, active: 1, settled: 2, rejected: 3 } as const;

export const loanProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  minAmount: decimalString,
  maxAmount: decimalString,
  termDays: z.number().int(),
  dailyRate: decimalString,
  interestFreeDays: z.number().int(),
  /** Replaces dailyRate for every day after the due time. */
  overdueDailyRate: decimalString,
  /** Loans one customer may have applied or active at once. */
  maxOpenLoans: z.number().int(),
  /** 1 when demo accounts may borrow (demo funds, the demo book's loan book). */
  demoAllowed: flag,
  /** 0 takes applications, 1 paused. */
  paused: flag,
});
export type LoanProduct = z.infer<typeof loanProduct>;

export const loanProductList = defineEndpoint({
  method: 'GET',
  path: '/api/loanProduct/list',
  summary: 'Loan products with every term that decides what a loan costs',
  tag: 'invest',
  auth: 'optional',
  query: pageQuery,
  answer: { kind: 'rows', schema: loanProduct },
});

export const loanProductDetail = defineEndpoint({
  method: 'GET',
  path: '/api/loanProduct/detail',
  summary: 'One loan product (ours)',
  tag: 'invest',
  auth: 'optional',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: loanProduct },
});

export const repaymentRecord = z.object({
  id: z.number().int(),
  amount: decimalString,
  /** What of it paid interest, and what principal. */
  interestPart: decimalString,
  principalPart: decimalString,
  /** The receipt's image URL, or ''. */
  receiptImg: z.string(),
  createTime: z.number().int(),
});

export const loanOrderRecord = z.object({
  id: z.number().int(),
  loanProductId: z.number().int(),
  productName: z.string(),
  currencyName: z.string(),
  /** The principal applied for (and lent, once approved). */
  orderPrice: decimalString,
  termDays: z.number().int(),
  dailyRate: decimalString,
  interestFreeDays: z.number().int(),
  overdueDailyRate: decimalString,
  /** 0 applied, 1 active, 2 settled, 3 rejected. */
  status: z.number().int(),
  /** The operator's reason for a rejection (or their note on approval). */
  reviewReason: z.string(),
  applyTime: z.number().int(),
  approveTime: z.number().int().nullable(),
  /** approveTime + termDays; null until approved. */
  dueTime: z.number().int().nullable(),
  daysAccrued: z.number().int(),
  /** Interest accrued so far, in all. */
  interestAccrued: decimalString,
  principalRepaid: decimalString,
  interestRepaid: decimalString,
  /** principal + interest so far - repayments. */
  owed: decimalString,
  /** Interest owed now (accrued - repaid). */
  interestOwed: decimalString,
  /** 1 when the due time has passed with something still owed. */
  overdue: flag,
  settleTime: z.number().int().nullable(),
  demo: flag,
});
export type LoanOrderRecord = z.infer<typeof loanOrderRecord>;

export const loanApply = defineEndpoint({
  method: 'POST',
  path: '/api/loanOrder/add',
  summary: 'Apply for a loan of orderPrice; nothing moves until an operator approves it',
  tag: 'invest',
  auth: 'user',
  idempotent: true,
  bodyEncoding: 'json',
  body: z.object({ loanProductId: recordId, orderPrice: amountText }),
  answer: { kind: 'data', schema: loanOrderRecord },
});

export const loanOrderList = defineEndpoint({
  method: 'GET',
  path: '/api/loanOrder/list',
  summary: "The customer's own loans, newest first; status filters",
  tag: 'invest',
  auth: 'user',
  query: pageQuery.extend({ status: statusFilter(LOAN_STATUS) }),
  answer: { kind: 'rows', schema: loanOrderRecord },
});

export const loanOrderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/loanOrder/detail',
  summary: 'One of the customer’s own loans with its repayments (ours)',
  tag: 'invest',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: loanOrderRecord.extend({ repayments: z.array(repaymentRecord) }) },
});

export const loanPanelData = defineEndpoint({
  method: 'GET',
  path: '/api/loanOrder/userLoanPanelData',
  summary: 'What the customer owes over their active loans (in the trade currency)',
  tag: 'invest',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({
      /** Principal still owed. */
      loanAmount: decimalString,
      /** Interest accrued and not yet repaid. */
      needPayInterest: decimalString,
      /** loanAmount + needPayInterest. */
      owed: decimalString,
      activeLoans: z.number().int(),
      pendingApplications: z.number().int(),
      /** The earliest due time among active loans, or null. */
      nextDueTime: z.number().int().nullable(),
      currencyName: z.string(),
    }),
  },
});

export const loanRepay = defineEndpoint({
  method: 'POST',
  path: '/api/userLoanRepaymentOrder/userLoanRepayment',
  summary: 'Repay part or all of an active loan from available: interest owed first, then principal',
  tag: 'invest',
  auth: 'user',
  idempotent: true,
  bodyEncoding: 'json',
  body: z.object({
    loanOrderId: recordId,
    repayAmount: amountText,
    /** An upload's key (`common/upload`), optional: a receipt the customer wants kept with the repayment. */
    receiptImg: z.string().trim().max(200).optional(),
  }),
  answer: { kind: 'data', schema: loanOrderRecord.extend({ repayments: z.array(repaymentRecord) }) },
});

// ---- Operator API (staff token) ----

export const operatorLoanRecord = loanOrderRecord.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  reviewerStaffId: z.number().int().nullable(),
});

export const operatorLoans = defineEndpoint({
  method: 'GET',
  path: '/api/operator/loans',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'Loans, oldest application first; status filters (every role)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ status: statusFilter(LOAN_STATUS) }),
  answer: { kind: 'rows', schema: operatorLoanRecord },
});

export const operatorLoanApprove = defineEndpoint({
  method: 'POST',
  path: '/api/operator/loans/approve',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Approve an application: the principal moves from loan_book to the customer (finance or admin)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({ id: recordId, reason: z.string().trim().max(500).default('') }),
  answer: { kind: 'data', schema: operatorLoanRecord },
});

export const operatorLoanReject = defineEndpoint({
  method: 'POST',
  path: '/api/operator/loans/reject',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Reject an application with a reason the customer sees; nothing moves (finance or admin)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({ id: recordId, reason: auditReason }),
  answer: { kind: 'data', schema: operatorLoanRecord },
});

export const operatorLoanProducts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/loanProducts',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'Every loan product, hidden ones included, with its terms and whether customers see it',
  tag: 'operator',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: loanProduct.extend({ visible: z.boolean() }) },
});

export const operatorLoanProductSave = operatorSaveEndpoint({
  path: '/api/operator/loanProducts/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Create a loan product (no id) or edit one (id); its terms cannot change while it has applied or active loans (admin)',
  idempotent: true,
  fields: {
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    currencyId: recordId,
    minAmount: termText,
    maxAmount: termText,
    termDays: z.coerce.number().int().min(1).max(3650),
    dailyRate: termText,
    interestFreeDays: z.coerce.number().int().min(0).max(3650),
    overdueDailyRate: termText,
    maxOpenLoans: z.coerce.number().int().min(1).max(100),
    paused: flag.default(0),
    demoAllowed: flag.default(0),
    /** Whether customers see it; left out, a new product is shown and an edit keeps what it was. */
    visible: flag.optional(),
  },
  saved: loanProduct,
});
