// Endpoints of features/funding (issue 'Money core'). Exported from endpoints/index.ts.
// Uploads, deposits (userRecharge), withdrawals (userWithdraw) and the minimal operator API.
// Every money-moving POST also takes an `Idempotency-Key` header: a replay returns the first answer.
import { z } from 'zod';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { amountText, decimalString, flag, recordId } from './shapes';

/** Decoded image bytes accepted by the upload (2 MiB). */
export const UPLOAD_BYTES_MAX = 2 * 1024 * 1024;
/** Pixel bounds of an upload: the long side at most 3264, the short side at most 2448 (SPEC §5), both sides at least 16. */
export const UPLOAD_PIXELS = { longSideMax: 3264, shortSideMax: 2448, sideMin: 16 } as const;

/** Deposit status: 0 pending, 1 confirmed, 2 rejected. */
export const DEPOSIT_STATUS = { pending: 0, confirmed: 1, rejected: 2 } as const;
/** Withdrawal status (API-FACTS): 0 pending, 1 paid, 2 rejected, 3 cancelled. */
export const WITHDRAWAL_STATUS = { pending: 0, paid: 1, rejected: 2, cancelled: 3 } as const;
import { STAFF_ROLE_SETS, STAFF_ROLES } from '../staff-roles';
export { STAFF_ROLES, type StaffRole } from '../staff-roles';

const reason = z.string().trim().max(500);

/** An image upload's body: the image as a base64 data URL in `file` (base64 of 2 MiB, plus form encoding of '+' and '/'). */
export const imageUploadBody = z.object({
  file: z
    .string()
    .min(1)
    .max(4 * 1024 * 1024),
});

export const upload = defineEndpoint({
  method: 'POST',
  path: '/api/common/upload',
  summary:
    'Upload an image (PNG, JPEG or WebP, at most 2 MiB, 16x16 to 3264x2448 px) as a base64 data URL in the field `file`',
  tag: 'money',
  auth: 'user',
  body: imageUploadBody,
  answer: {
    kind: 'data',
    schema: z.object({
      /** Where the image is served (`/uploads/<key>`). */
      url: z.string(),
      /** What `rechargeImg` and other image fields take. */
      key: z.string(),
    }),
  },
});

export const depositRecord = z.object({
  id: z.number().int(),
  payChannelId: z.number().int(),
  channelName: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  rechargeAmount: decimalString,
  /** The proof image's URL, or '' for the demo channel. */
  rechargeImg: z.string(),
  /** 0 pending, 1 confirmed, 2 rejected. */
  status: z.number().int(),
  /** The operator's reason (always given for a rejection). */
  reviewReason: z.string(),
  /** 1 when the money is demo money (the demo book). */
  demo: flag,
  createTime: z.number().int(),
  reviewTime: z.number().int().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const inMoney = defineEndpoint({
  method: 'POST',
  path: '/api/userRecharge/inMoney',
  summary:
    'Request a deposit; it waits for an operator, except on the demo channel (demo accounts only), which credits demo money at once',
  tag: 'money',
  auth: 'user',
  idempotent: true,
  body: z.object({
    rechargeAmount: amountText,
    payChannelId: recordId,
    /** The upload's key or URL; required on every channel except the demo one. */
    rechargeImg: z.string().trim().max(200).optional(),
  }),
  answer: { kind: 'data', schema: depositRecord },
});

export const rechargeList = defineEndpoint({
  method: 'GET',
  path: '/api/userRecharge/list',
  summary: "The customer's own deposits, newest first",
  tag: 'money',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: depositRecord },
});

export const rechargeDetail = defineEndpoint({
  method: 'GET',
  path: '/api/userRecharge/detail',
  summary: 'One of the customer’s own deposits',
  tag: 'money',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: depositRecord },
});

export const withdrawalRecord = z.object({
  id: z.number().int(),
  withdrawChannelConfigId: z.number().int(),
  channelName: z.string(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  withdrawAmount: decimalString,
  /** The fee of the published schedule: amount x feeRate (rounded up) + feeFixed. */
  fee: decimalString,
  /** What leaves the platform: amount - fee. */
  netAmount: decimalString,
  withdrawAddressId: z.number().int(),
  /** wallet_address or bank_card. */
  destinationKind: z.string(),
  /** The address or card number as it was when requested. */
  destination: z.string(),
  /** 0 pending, 1 paid, 2 rejected, 3 cancelled. */
  status: z.number().int(),
  /** 1-based position among all pending withdrawals, oldest first; null once no longer pending. */
  queuePosition: z.number().int().nullable(),
  reviewReason: z.string(),
  createTime: z.number().int(),
  reviewTime: z.number().int().nullable(),
  cancelTime: z.number().int().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

export const outMoney = defineEndpoint({
  method: 'POST',
  path: '/api/userWithdraw/outMoney',
  summary:
    'Request a withdrawal: the whole amount is frozen until an operator pays or rejects it. Five wrong withdrawal passwords lock withdrawals for 24 hours',
  tag: 'money',
  auth: 'user',
  idempotent: true,
  fingerprintOmits: ['withPwd'],
  body: z.object({
    withdrawAmount: amountText,
    withPwd: z.string().min(1).max(128),
    withdrawAddressId: recordId,
    withdrawChannelConfigId: recordId,
  }),
  answer: { kind: 'data', schema: withdrawalRecord },
});

export const withdrawCancel = defineEndpoint({
  method: 'POST',
  path: '/api/userWithdraw/cancel',
  summary: 'Cancel a pending withdrawal; the frozen amount returns to the balance',
  tag: 'money',
  auth: 'user',
  idempotent: true,
  body: z.object({ userWithdrawId: recordId }),
  answer: { kind: 'data', schema: withdrawalRecord },
});

export const withdrawList = defineEndpoint({
  method: 'GET',
  path: '/api/userWithdraw/list',
  summary: "The customer's own withdrawals, newest first, with queue position and review time",
  tag: 'money',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: withdrawalRecord },
});

// ---- Operator API: a staff token from /api/operator/login, never a customer's (and the reverse) ----

const staffInfo = z.object({ id: z.number().int(), username: z.string(), role: z.enum(STAFF_ROLES) });

export const operatorLogin = defineEndpoint({
  method: 'POST',
  path: '/api/operator/login',
  summary:
    'Staff login with password and the TOTP code of their authenticator app; the token works only on /api/operator/* endpoints',
  tag: 'operator',
  auth: 'public',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    totpCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'error.code_invalid' }),
  }),
  answer: { kind: 'data', schema: z.object({ token: z.string(), staff: staffInfo }) },
});

export const operatorLogout = defineEndpoint({
  method: 'POST',
  path: '/api/operator/logout',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'End this staff session (staff token)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'none' },
});

/** Both queues filter by 0 to 3, the withdrawal codes (no deposit has status 3, so 3 lists no deposit). */
const queueStatus = statusFilter(WITHDRAWAL_STATUS);

export const operatorDepositRecord = depositRecord.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  reviewerStaffId: z.number().int().nullable(),
});

export const operatorDeposits = defineEndpoint({
  method: 'GET',
  path: '/api/operator/deposits',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'Deposits, oldest pending first (staff token; every role)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ status: queueStatus }),
  answer: { kind: 'rows', schema: operatorDepositRecord },
});

const review = z.object({ id: recordId, reason });
const reviewWithReason = z.object({ id: recordId, reason: reason.pipe(z.string().min(1)) });

export const operatorDepositConfirm = defineEndpoint({
  method: 'POST',
  path: '/api/operator/deposits/confirm',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Confirm a pending deposit: the ledger credits the customer (finance or admin; Idempotency-Key)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: review,
  answer: { kind: 'data', schema: operatorDepositRecord },
});

export const operatorDepositReject = defineEndpoint({
  method: 'POST',
  path: '/api/operator/deposits/reject',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Reject a pending deposit with a reason the customer sees; no money moves (finance or admin)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: reviewWithReason,
  answer: { kind: 'data', schema: operatorDepositRecord },
});

export const operatorWithdrawalRecord = withdrawalRecord.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  reviewerStaffId: z.number().int().nullable(),
});

export const operatorWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/api/operator/withdrawals',
  staffRoles: STAFF_ROLE_SETS.moneyReaders,
  summary: 'Withdrawals, oldest first (staff token; every role)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ status: queueStatus }),
  answer: { kind: 'rows', schema: operatorWithdrawalRecord },
});

export const operatorWithdrawalApprove = defineEndpoint({
  method: 'POST',
  path: '/api/operator/withdrawals/approve',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Approve a pending withdrawal as paid: net amount to withdrawal clearing, fee to fee income (finance or admin; Idempotency-Key)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: review,
  answer: { kind: 'data', schema: operatorWithdrawalRecord },
});

export const operatorWithdrawalReject = defineEndpoint({
  method: 'POST',
  path: '/api/operator/withdrawals/reject',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Reject a pending withdrawal with a reason; the frozen amount returns (finance or admin; Idempotency-Key)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: reviewWithReason,
  answer: { kind: 'data', schema: operatorWithdrawalRecord },
});
