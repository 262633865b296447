// The operator console's own calls (issue 16): who is signed in, the staff and their roles, TOTP
// enrolment, and the audit log every operator action writes. Staff tokens only.
import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
// Every change names its reason (kept in the audit log); ids are bounded like every record id.
import { auditReason as reason, recordId as id } from './shapes';
import { STAFF_ROLE_SETS, STAFF_ROLES } from '../staff-roles';

/** Same rule as the server's staff names (features/staff): checked there too, with its own key. */
const username = z.string().trim().min(1).max(64);
const role = z.enum(STAFF_ROLES);

export const staffMemberView = z.object({
  id: z.number().int(),
  username: z.string(),
  role,
  disabled: z.boolean(),
  createdAt: z.number().int(),
  /** Null until the member first signs in. */
  lastSignInAt: z.number().int().nullable(),
});

export const operatorMe = defineEndpoint({
  method: 'GET',
  path: '/api/operator/me',
  summary: 'The signed-in staff member and their role (every role)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.everyone,
  answer: { kind: 'data', schema: z.object({ id: z.number().int(), username: z.string(), role }) },
});

export const operatorStaffList = defineEndpoint({
  method: 'GET',
  path: '/api/operator/staff',
  summary: 'Staff members and their roles (admin)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  query: pageQuery,
  answer: { kind: 'rows', schema: staffMemberView },
});

/** A new member's TOTP secret, shown once: the console draws `otpauthUri` as a QR code. */
const enrolment = z.object({ member: staffMemberView, totpSecret: z.string(), otpauthUri: z.string() });

export const operatorStaffCreate = defineEndpoint({
  method: 'POST',
  path: '/api/operator/staff/create',
  summary: 'Add a staff member with a role and a password; answers their TOTP enrolment once (admin)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  bodyEncoding: 'json',
  body: z.object({ username, role, password: z.string().min(1).max(128), reason }),
  answer: { kind: 'data', schema: enrolment },
});

export const operatorStaffSetRole = defineEndpoint({
  method: 'POST',
  path: '/api/operator/staff/setRole',
  summary: "Change a member's role; applies to their next call (admin; not oneself, not the last admin)",
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  bodyEncoding: 'json',
  body: z.object({ id, role, reason }),
  answer: { kind: 'data', schema: staffMemberView },
});

export const operatorStaffSetDisabled = defineEndpoint({
  method: 'POST',
  path: '/api/operator/staff/setDisabled',
  summary:
    'Disable a member (every session ends at once) or enable them again (admin; not oneself, not the last admin)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  bodyEncoding: 'json',
  body: z.object({ id, disabled: z.boolean(), reason }),
  answer: { kind: 'data', schema: staffMemberView },
});

export const operatorStaffResetTotp = defineEndpoint({
  method: 'POST',
  path: '/api/operator/staff/resetTotp',
  summary: 'Give a member a new TOTP secret (a lost phone); their sessions end; answers the enrolment once (admin)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  bodyEncoding: 'json',
  body: z.object({ id, reason }),
  answer: { kind: 'data', schema: enrolment },
});

export const auditRow = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffUsername: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  /** The ledger entry the action posted, when money moved. */
  entryId: z.number().int().nullable(),
  /** JSON text of the target before and after; null where there was nothing. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  createdAt: z.number().int(),
});

const optionalText = z.string().trim().max(64).optional();
const time = z.coerce.number().int().min(0).max(8_640_000_000_000).optional();

export const operatorAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/operator/audit',
  summary: 'The audit log, newest first: every operator action with actor, reason, before and after (admin)',
  tag: 'operator',
  auth: 'user',
  staffRoles: STAFF_ROLE_SETS.admin,
  query: pageQuery.extend({
    staffId: id.optional(),
    action: optionalText,
    targetType: optionalText,
    targetId: optionalText,
    /** Words in the reason. */
    text: z.string().trim().max(100).optional(),
    /** Epoch milliseconds, inclusive from, exclusive to. */
    from: time,
    to: time,
  }),
  answer: { kind: 'rows', schema: auditRow },
});
