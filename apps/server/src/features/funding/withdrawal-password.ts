import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';
import { verifyPassword } from '../account/secrets';

/** Wrong withdrawal passwords in a row that lock withdrawals (API-FACTS, issue "Money core"). */
export const WITHDRAWAL_PASSWORD_ATTEMPTS_MAX = 5;
export const WITHDRAWAL_LOCK_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

function refuseLocked(lockedUntil: number, now: number): never {
  refuse('error.withdraw_locked', { hours: Math.max(1, Math.ceil((lockedUntil - now) / HOUR_MS)) });
}

/**
 * Counts one wrong password, committed on its own (the request that carried it is refused, but the
 * failure must stay counted). The fifth in a row locks withdrawals for 24 hours and starts a new count.
 */
export async function recordWithdrawalPasswordFailure(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<never> {
  const counted = await db
    .insertInto('withdrawal_guard')
    .values({ user_id: userId, failed_count: 1, locked_until: null, touched_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ failed_count: sql`withdrawal_guard.failed_count + 1`, touched_at: now }),
    )
    .returning('failed_count')
    .executeTakeFirstOrThrow();
  const failures = Number(counted.failed_count);
  if (failures >= WITHDRAWAL_PASSWORD_ATTEMPTS_MAX) {
    const lockedUntil = now + WITHDRAWAL_LOCK_MS;
    await db
      .updateTable('withdrawal_guard')
      .set({ failed_count: 0, locked_until: lockedUntil, touched_at: now })
      .where('user_id', '=', userId)
      .execute();
    refuseLocked(lockedUntil, now);
  }
  refuse('error.withdraw_password_wrong', { remaining: WITHDRAWAL_PASSWORD_ATTEMPTS_MAX - failures });
}

/** Refuses while wrong withdrawal passwords (from withdrawing or from the change form) have locked them. */
export async function refuseWhileWithdrawalLocked(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const guard = await db
    .selectFrom('withdrawal_guard')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const lockedUntil = Number(guard?.locked_until ?? 0);
  if (lockedUntil > now) refuseLocked(lockedUntil, now);
}

/** A right password ends the run of wrong ones. */
export async function clearWithdrawalPasswordFailures(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('withdrawal_guard')
    .set({ failed_count: 0, touched_at: now })
    .where('user_id', '=', userId)
    .where('failed_count', '>', 0)
    .execute();
}

/**
 * The withdrawal password check (separate from the login password, Argon2id, features/account/secrets).
 * Outside any write transaction: the hash takes tens of milliseconds and must not hold a lock.
 */
export async function checkWithdrawalPassword(
  db: Kysely<Database>,
  userId: number,
  password: string,
  now: number,
): Promise<void> {
  // One read for the lock, the run of failures and the hash. Wrong passwords typed into the change form
  // (features/wallet) count in the same guard row, so both paths together allow five guesses.
  const row = await db
    .selectFrom('user_account')
    .leftJoin('withdrawal_password', 'withdrawal_password.user_id', 'user_account.id')
    .leftJoin('withdrawal_guard', 'withdrawal_guard.user_id', 'user_account.id')
    .select(['withdrawal_password.password_hash', 'withdrawal_guard.failed_count', 'withdrawal_guard.locked_until'])
    .where('user_account.id', '=', userId)
    .executeTakeFirst();
  const lockedUntil = Number(row?.locked_until ?? 0);
  if (lockedUntil > now) refuseLocked(lockedUntil, now);
  if (!row?.password_hash) refuse('error.withdraw_password_not_set');
  if (!(await verifyPassword(row.password_hash, password))) await recordWithdrawalPasswordFailure(db, userId, now);
  // A right password ends the run of wrong ones.
  if (row.failed_count) {
    await db
      .updateTable('withdrawal_guard')
      .set({ failed_count: 0, touched_at: now })
      .where('user_id', '=', userId)
      .execute();
  }
}

/**
 * Takes the customer's guard row for the rest of the transaction (an upsert locks it on PostgreSQL; SQLite
 * runs one writer at a time anyway), so two withdrawals of one customer never both pass the daily count.
 * Refuses while locked: a lock that a concurrent wrong password set after this request's password
 * check still holds.
 */
export async function holdWithdrawalGuard(transaction: Kysely<Database>, userId: number, now: number): Promise<void> {
  const guard = await transaction
    .insertInto('withdrawal_guard')
    .values({ user_id: userId, failed_count: 0, locked_until: null, touched_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ touched_at: now }))
    .returning('locked_until')
    .executeTakeFirstOrThrow();
  if (guard.locked_until != null && Number(guard.locked_until) > now) refuseLocked(Number(guard.locked_until), now);
}
