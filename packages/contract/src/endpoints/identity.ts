// Endpoints of identity verification (API-FACTS "Identity: `userAuthRecord/`"): features/identity
// (issue 14). Exported as `identity`.
//
// Two levels. Level 0 (basic): legal name, a document number and photos of the document's front and
// back. Level 1 (advanced, after basic has passed): a photo of the customer holding the document, or a
// proof of address. Each level has a status (0 none, 1 pending, 2 passed, 3 rejected with the operator's
// reason); a rejected or never-sent level may be sent again, a pending or passed one may not.
//
// Document photos are private: `userAuthRecord/uploadImage` stores them outside the public upload folder
// with their metadata (EXIF, XMP, comments, text chunks) removed, under a random key; they are served
// only to their owner (`GET /api/userAuthRecord/image/<key>`) and to operators whose role reviews
// identities (admin, support: `GET /api/operator/identity/image/<key>`), never by a guessable name.
//
// Gates (`IDENTITY_GATES`): operator switches decide which actions need which level. A refusal names the
// level it needs (`error.identity_basic_required`, `error.identity_advanced_required`; a withdrawal above
// the published amount `error.identity_withdrawal_required` with `{ limit }`), so the app can send the
// customer to the step.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { recordId } from './shapes';
import { imageUploadBody } from './funding';

export {
  IDENTITY_LEVEL,
  AUTH_METHOD,
  BASIC_AUTH_METHODS,
  ADVANCED_AUTH_METHODS,
  REAL_NAME_LENGTH,
} from '@kestrel/domain';
import { IDENTITY_LEVEL } from '@kestrel/domain';

/** A level's status (API-FACTS): 0 none, 1 pending, 2 passed, 3 rejected. */
export const IDENTITY_STATUS = { none: 0, pending: 1, passed: 2, rejected: 3 } as const;

/** The methods and name and number rules: packages/domain/src/identity/submission.ts. */

/**
 * What each level unlocks. An action is gated only while its switch (`switchSet/list`) is on; the
 * withdrawal gate applies to a single withdrawal whose USDT value is above the published amount
 * (`otherValue` key `auth_withdraw_limit`, in USDT; `IDENTITY_WITHDRAWAL_LIMIT_DEFAULT` when unset).
 */
export const IDENTITY_GATES = {
  withdrawal: { switchKey: 'auth_withdraw', level: IDENTITY_LEVEL.basic },
  contract: { switchKey: 'auth_contract', level: IDENTITY_LEVEL.basic },
  loan: { switchKey: 'auth_loan', level: IDENTITY_LEVEL.advanced },
} as const;
export type IdentityGate = keyof typeof IDENTITY_GATES;
export const IDENTITY_WITHDRAWAL_LIMIT_KEY = 'auth_withdraw_limit';
export const IDENTITY_WITHDRAWAL_LIMIT_DEFAULT = '1000';

/** Each image of a submission is a key answered by `userAuthRecord/uploadImage` for this customer. */
const imageKey = z.string().trim().max(80);

export const identityRecord = z.object({
  /** 0 basic, 1 advanced. */
  authLevel: z.number().int(),
  /** 0 none, 1 pending, 2 passed, 3 rejected. */
  status: z.number().int(),
  /** The submission shown (the latest); null when the level was never sent. */
  id: z.number().int().nullable(),
  authMethod: z.number().int().nullable(),
  realName: z.string(),
  /** Masked: the first two and the last two characters. */
  idNumber: z.string(),
  img1Key: z.string(),
  img2Key: z.string(),
  img3Key: z.string(),
  /** The operator's reason for a rejection, else ''. */
  reason: z.string(),
  submitTime: z.number().int().nullable(),
  reviewTime: z.number().int().nullable(),
});
export type IdentityRecord = z.infer<typeof identityRecord>;

export const userAuthDetail = defineEndpoint({
  method: 'GET',
  path: '/api/userAuthRecord/detail',
  summary: 'The customer’s verification at one level (0 basic, 1 advanced): status, masked details, reason',
  tag: 'identity',
  auth: 'user',
  query: z.object({ authLevel: z.coerce.number().int().min(0).max(1).default(0) }),
  answer: { kind: 'data', schema: identityRecord },
});

export const identityGateView = z.object({
  gate: z.enum(['withdrawal', 'contract', 'loan']),
  /** Whether the operator switch is on, so the gate applies. */
  enabled: z.boolean(),
  /** The level the action needs. */
  level: z.number().int(),
  /** Whether this customer already has it. */
  met: z.boolean(),
});

export const userAuthSummary = defineEndpoint({
  method: 'GET',
  path: '/api/userAuthRecord/summary',
  summary: 'Both levels’ status, what each gate needs, and the withdrawal amount above which basic is needed (ours)',
  tag: 'identity',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({
      basicStatus: z.number().int(),
      advancedStatus: z.number().int(),
      gates: z.array(identityGateView),
      /** In USDT: a withdrawal worth more needs basic verification while the gate is on. */
      withdrawalLimit: z.string(),
    }),
  },
});

export const userAuthUploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/userAuthRecord/uploadImage',
  summary:
    'Upload a document photo (PNG or JPEG as a base64 data URL in `file`, at most 2 MiB): kept private, metadata removed; answers its key (ours)',
  tag: 'identity',
  auth: 'user',
  body: imageUploadBody,
  answer: { kind: 'data', schema: z.object({ key: z.string() }) },
});

export const userAuthApply = defineEndpoint({
  method: 'POST',
  path: '/api/userAuthRecord/userAuthApply',
  summary:
    'Send a verification for review: basic (level 0) needs realName, idNumber, img1Key (front) and img2Key (back); advanced (level 1) needs basic passed and img3Key',
  tag: 'identity',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    authMethod: z.coerce.number().int().min(1).max(5),
    authLevel: z.coerce.number().int().min(0).max(1),
    idNumber: z.string().trim().max(40).default(''),
    realName: z.string().trim().max(200).default(''),
    img1Key: imageKey.default(''),
    img2Key: imageKey.default(''),
    img3Key: imageKey.default(''),
  }),
  answer: { kind: 'data', schema: identityRecord },
});

// ---- Operator API (staff token; roles admin and support) ----

export const operatorIdentityRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The customer's login, masked. */
  userAccount: z.string(),
  authLevel: z.number().int(),
  authMethod: z.number().int(),
  realName: z.string(),
  /** In full: the reviewer compares it with the photos. */
  idNumber: z.string(),
  img1Key: z.string(),
  img2Key: z.string(),
  img3Key: z.string(),
  status: z.number().int(),
  reason: z.string(),
  submitTime: z.number().int(),
  reviewTime: z.number().int().nullable(),
  reviewerStaffId: z.number().int().nullable(),
});
export type OperatorIdentityRow = z.infer<typeof operatorIdentityRow>;

export const operatorIdentityList = defineEndpoint({
  method: 'GET',
  path: '/api/operator/identity/list',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: 'Verifications to review, oldest first; status filters (admin, support)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ status: statusFilter(IDENTITY_STATUS) }),
  answer: { kind: 'rows', schema: operatorIdentityRow },
});

export const operatorIdentityReview = defineEndpoint({
  method: 'POST',
  path: '/api/operator/identity/review',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary:
    'Approve or reject a pending verification (a rejection needs the reason the customer will read); audited, and the customer gets one message (admin, support)',
  tag: 'operator',
  auth: 'user',
  body: z.object({
    id: recordId,
    approve: z.coerce.number().int().min(0).max(1),
    reason: z.string().trim().max(500).default(''),
  }),
  answer: { kind: 'data', schema: operatorIdentityRow },
});
