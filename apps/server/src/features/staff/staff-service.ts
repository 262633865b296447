import type { Kysely } from 'kysely';
import {
  loginAttempts,
  recordRightAttempt,
  recordWrongAttempt,
  refuseLoginLocked,
  reserveAttempt,
} from '../../core/attempt-guard';
import { funding } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse, UnauthorizedError } from '../../core/errors';
import type { Authenticate, SessionUser } from '../../http/route';
import { decoyPasswordHash, hashPassword, newToken, sha256Hex, verifyPassword } from '../../core/secrets';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

const { STAFF_ROLES } = funding;
type StaffRole = funding.StaffRole;

/** Staff sessions are short: a forgotten console tab should not stay a way into customers' money. */
export const STAFF_SESSION_IDLE_MS = 2 * 3600 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 3600 * 1000;
export const STAFF_LOGIN_ATTEMPTS_MAX = 5;
export const STAFF_LOCK_MS = 15 * 60 * 1000;
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const STAFF_LOGIN_ATTEMPTS = loginAttempts('staff_member', {
  attemptsMax: STAFF_LOGIN_ATTEMPTS_MAX,
  lockMs: STAFF_LOCK_MS,
});

/** last_used_at is refreshed at most this often, so reading a list does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;
/** Marks a staff session in the SessionUser shape the route layer passes around: no customer has it. */
const STAFF_ACCOUNT_TYPE = -1;

export interface StaffMember {
  id: number;
  username: string;
  /** As stored: addStaff writes only the three roles. */
  role: string;
  disabled: boolean;
  createdAt: number;
}

export function isStaffRole(text: string): text is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(text);
}

/** Finance and admin may move money; support and content may not. */
export function mayReviewMoney(role: StaffRole): boolean {
  return role === 'finance' || role === 'admin';
}

/** A member and what their authenticator app needs, shown once (the QR code holds `otpauthUri`). */
export interface StaffEnrolment {
  member: StaffMember;
  totpSecret: string;
  otpauthUri: string;
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Adds a staff member (the command line, the first admin at start-up and the console all come here).
 * Refuses with a key (`error.staff_*`), which the command line prints in English.
 */
export async function addStaff(
  db: Kysely<Database>,
  input: { username: string; role: string; password: string },
  now: number,
): Promise<StaffEnrolment> {
  const username = normaliseUsername(input.username);
  if (!USERNAME_PATTERN.test(username)) refuse('error.staff_username_invalid');
  if (!isStaffRole(input.role)) refuse('error.invalid_param', { field: 'role' });
  if (input.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    refuse('error.staff_password_short', { min: STAFF_PASSWORD_MIN_LENGTH });
  }
  const existing = await db.selectFrom('staff_member').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) refuse('error.staff_exists');
  const totpSecret = newTotpSecret();
  const inserted = await db
    .insertInto('staff_member')
    .values({
      username,
      password_hash: await hashPassword(input.password),
      role: input.role,
      disabled: 0,
      failed_login_count: 0,
      locked_until: null,
      created_at: now,
      totp_secret: totpSecret,
      totp_last_step: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    member: { id: inserted.id, username, role: input.role, disabled: false, createdAt: now },
    totpSecret,
    otpauthUri: totpUri(totpSecret, username),
  };
}

export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  // Staff are a handful of people; the bound keeps the listing finite all the same.
  const rows = await db.selectFrom('staff_member').selectAll().orderBy('username').limit(10_000).execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled === 1,
    createdAt: Number(row.created_at),
  }));
}

/** Ends every session of a staff member (disabled, role taken, TOTP reset), inside the caller's transaction. */
export async function revokeStaffSessions(transaction: Kysely<Database>, staffId: number, now: number): Promise<void> {
  await transaction
    .updateTable('staff_session')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Disables a staff member and ends every session they have, at once (the command line). */
export async function disableStaff(db: Kysely<Database>, username: string, now: number): Promise<void> {
  const name = normaliseUsername(username);
  await db.transaction().execute(async (transaction) => {
    const row = await transaction
      .updateTable('staff_member')
      .set({ disabled: 1 })
      .where('username', '=', name)
      .returning('id')
      .executeTakeFirst();
    if (!row) refuse('error.staff_not_found');
    await revokeStaffSessions(transaction, row.id, now);
  });
}

/** A new TOTP secret for a member by name (the command line; the console's call is staff-members.ts). */
export async function resetStaffTotpByName(
  db: Kysely<Database>,
  username: string,
  now: number,
): Promise<{ totpSecret: string; otpauthUri: string }> {
  const name = normaliseUsername(username);
  const totpSecret = newTotpSecret();
  await db.transaction().execute(async (transaction) => {
    const row = await transaction
      .updateTable('staff_member')
      .set({ totp_secret: totpSecret, totp_last_step: null })
      .where('username', '=', name)
      .returning('id')
      .executeTakeFirst();
    if (!row) refuse('error.staff_not_found');
    await revokeStaffSessions(transaction, row.id, now);
  });
  return { totpSecret, otpauthUri: totpUri(totpSecret, name) };
}

/**
 * Staff login: password and a TOTP code. A wrong password or code, an unknown or a disabled name all
 * answer the same and take as long; five wrong tries in a row lock the name for 15 minutes. A code
 * is good once: its step must be later than the last accepted one (one conditional update, so two
 * parallel logins with one code cannot both pass).
 */
export async function staffLogin(
  db: Kysely<Database>,
  input: { username: string; password: string; totpCode: string },
  now: number,
): Promise<{ token: string; staff: { id: number; username: string; role: StaffRole } }> {
  const row = await db
    .selectFrom('staff_member')
    .selectAll()
    .where('username', '=', normaliseUsername(input.username))
    .executeTakeFirst();
  if (!row) {
    await verifyPassword(await decoyPasswordHash(), input.password);
    refuse('error.invalid_credentials');
  }
  // Counted before the slow hash check, so a parallel batch cannot all be checked before the lock lands.
  const reservation = await reserveAttempt(db, STAFF_LOGIN_ATTEMPTS, row.id, now);
  if (!reservation.granted) refuseLoginLocked(reservation.lockedUntil ?? now + STAFF_LOCK_MS, now);
  const passwordMatches = await verifyPassword(row.password_hash, input.password);
  const step = row.totp_secret === null ? null : totpStepOf(row.totp_secret, input.totpCode, now);
  if (!passwordMatches || step === null) {
    await recordWrongAttempt(db, STAFF_LOGIN_ATTEMPTS, row.id, now);
    refuse('error.invalid_credentials');
  }
  const right = await recordRightAttempt(db, STAFF_LOGIN_ATTEMPTS, row.id, now);
  if (!right.cleared) refuseLoginLocked(right.lockedUntil, now);
  if (row.disabled === 1 || !isStaffRole(row.role)) refuse('error.invalid_credentials');
  const consumed = await db
    .updateTable('staff_member')
    .set({ totp_last_step: step })
    .where('id', '=', row.id)
    .where((where) => where.or([where('totp_last_step', 'is', null), where('totp_last_step', '<', step)]))
    .executeTakeFirst();
  if (consumed.numUpdatedRows === 0n) refuse('error.staff_code_used');
  const token = newToken();
  await db
    .insertInto('staff_session')
    .values({ token_hash: sha256Hex(token), staff_id: row.id, created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  return { token, staff: { id: row.id, username: row.username, role: row.role } };
}

export async function staffLogout(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Reads a staff token. It is looked up only in staff_session, and customer tokens only in session_token,
 * so neither kind works on the other's endpoints. A disabled member's tokens stop working at once.
 */
export function staffAuthenticator(db: Kysely<Database>, clock: () => number): Authenticate {
  return async (authorization) => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const row = await db
      .selectFrom('staff_session')
      .innerJoin('staff_member', 'staff_member.id', 'staff_session.staff_id')
      .select([
        'staff_session.staff_id',
        'staff_session.created_at',
        'staff_session.last_used_at',
        'staff_session.revoked_at',
        'staff_member.disabled',
        'staff_member.role',
      ])
      .where('staff_session.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.disabled === 1 || !isStaffRole(row.role)) return null;
    const now = clock();
    if (
      now - Number(row.last_used_at) > STAFF_SESSION_IDLE_MS ||
      now - Number(row.created_at) > STAFF_SESSION_ABSOLUTE_MS
    ) {
      throw new UnauthorizedError('error.session_expired');
    }
    if (now - Number(row.last_used_at) > TOUCH_INTERVAL_MS) {
      await db.updateTable('staff_session').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
    }
    const user: SessionUser = { userId: row.staff_id, accountType: STAFF_ACCOUNT_TYPE, tokenHash, staffRole: row.role };
    return user;
  };
}
