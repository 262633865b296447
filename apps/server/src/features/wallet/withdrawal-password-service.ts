import type { Kysely } from 'kysely';
import { isValidPassword } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';
import { hashPassword, verifyPassword } from '../account/secrets';

/** Wrong old passwords allowed before changes are locked (the same count as withdrawals, issue 4). */
export const WITHDRAWAL_PASSWORD_FAILURES_MAX = 5;
export const WITHDRAWAL_PASSWORD_LOCK_MS = 24 * 3600 * 1000;

/**
 * `updateUserWithPwd`: sets the withdrawal password the first time (proved by the LOGIN password) and
 * changes it afterwards (proved by the current withdrawal password). The new one follows the SPEC §5
 * password rule and must differ from the login password, so one stolen password is not both.
 * Every wrong old password counts toward a 24-hour lock, so this call is no oracle for guessing either
 * password. Hashing (Argon2id) happens before any write, and the write is a compare-and-set on the hash
 * that was verified, so two concurrent changes cannot both succeed.
 */
export async function updateWithdrawalPassword(
  context: AppContext,
  userId: number,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { db } = context.database;
  const now = context.clock();
  await refuseWhileLocked(db, userId, now);
  if (!isValidPassword(newPassword)) refuse('error.password_rule');

  const user = await db
    .selectFrom('user_account')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const current = await db
    .selectFrom('withdrawal_password')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const provingHash = current?.password_hash ?? user.password_hash;
  if (!(await verifyPassword(provingHash, oldPassword))) await refuseWrongPassword(db, userId, now);
  await clearFailures(db, userId, now);

  if (await verifyPassword(user.password_hash, newPassword)) refuse('error.withdrawal_password_same_as_login');
  if (current && oldPassword === newPassword) refuse('error.same_password');
  const passwordHash = await hashPassword(newPassword);

  if (current) {
    const changed = await db
      .updateTable('withdrawal_password')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('user_id', '=', userId)
      .where('password_hash', '=', current.password_hash)
      .executeTakeFirst();
    // Someone changed it between our read and this write: the old password proved here is no longer current.
    if (changed.numUpdatedRows === 0n) await refuseWrongPassword(db, userId, now);
    return;
  }
  const inserted = await db
    .insertInto('withdrawal_password')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  // A concurrent first set won: this request proved the login password, which no longer proves anything here.
  if (inserted.numInsertedOrUpdatedRows === 0n) await refuseWrongPassword(db, userId, now);
}

async function refuseWhileLocked(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const row = await db
    .selectFrom('withdrawal_password_lockout')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row?.locked_until != null && Number(row.locked_until) > now) {
    refuse('error.withdrawal_password_locked', { hours: Math.ceil((Number(row.locked_until) - now) / 3_600_000) });
  }
}

/** Counts a failure (committed on its own: the refusal that follows must not roll it back) and refuses. */
async function refuseWrongPassword(db: Kysely<Database>, userId: number, now: number): Promise<never> {
  await db
    .insertInto('withdrawal_password_lockout')
    .values({ user_id: userId, failed_count: 0, locked_until: null, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const counted = await db
    .updateTable('withdrawal_password_lockout')
    .set((update) => ({ failed_count: update('failed_count', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .returning('failed_count')
    .executeTakeFirstOrThrow();
  if (counted.failed_count >= WITHDRAWAL_PASSWORD_FAILURES_MAX) {
    await db
      .updateTable('withdrawal_password_lockout')
      .set({ failed_count: 0, locked_until: now + WITHDRAWAL_PASSWORD_LOCK_MS, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    return refuse('error.withdrawal_password_locked', { hours: WITHDRAWAL_PASSWORD_LOCK_MS / 3_600_000 });
  }
  return refuse('error.wrong_withdrawal_password', {
    remaining: WITHDRAWAL_PASSWORD_FAILURES_MAX - counted.failed_count,
  });
}

async function clearFailures(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('withdrawal_password_lockout')
    .set({ failed_count: 0, locked_until: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('failed_count', '>', 0)
    .execute();
}
