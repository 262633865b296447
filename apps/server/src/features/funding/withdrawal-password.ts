import type { Kysely } from 'kysely';
import { checkGuardedSecret, type AttemptCounter } from '../../core/attempt-guard';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { verifyPassword } from '../../core/secrets';

/** Wrong withdrawal passwords in a row that lock withdrawals (API-FACTS, issue "Money core"). */
export const WITHDRAWAL_PASSWORD_ATTEMPTS_MAX = 5;
export const WITHDRAWAL_LOCK_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

function refuseLocked(lockedUntil: number, now: number): never {
  refuse('error.withdraw_locked', { hours: Math.max(1, Math.ceil((lockedUntil - now) / HOUR_MS)) });
}

const WITHDRAWAL_ATTEMPTS: AttemptCounter = {
  table: 'withdrawal_guard',
  keyColumn: 'user_id',
  countColumn: 'failed_count',
  lockedUntilColumn: 'locked_until',
  attemptsMax: WITHDRAWAL_PASSWORD_ATTEMPTS_MAX,
  lockMs: WITHDRAWAL_LOCK_MS,
};

async function ensureGuardRow(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .insertInto('withdrawal_guard')
    .values({ user_id: userId, failed_count: 0, locked_until: null, touched_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/**
 * One guess at the withdrawal password (core/attempt-guard): the attempt is counted before `check`
 * runs the slow hash comparison, committed on its own (the request may be refused, the guess stays
 * counted). The fifth wrong one in a row locks withdrawals for 24 hours and starts a new count; a
 * right one ends the run unless a parallel guess locked meanwhile.
 */
export async function guessWithdrawalSecret(
  db: Kysely<Database>,
  userId: number,
  now: number,
  check: () => Promise<boolean>,
): Promise<void> {
  await ensureGuardRow(db, userId, now);
  await checkGuardedSecret(db, WITHDRAWAL_ATTEMPTS, userId, now, check, {
    locked: (lockedUntil) => refuseLocked(lockedUntil, now),
    wrong: (attempt) =>
      refuse('error.withdraw_password_wrong', { remaining: WITHDRAWAL_PASSWORD_ATTEMPTS_MAX - attempt }),
  });
}

/**
 * Counts a proof that turned out not to hold after all (a concurrent change replaced the password this
 * request proved), as one wrong guess.
 */
export async function recordWithdrawalPasswordFailure(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<never> {
  await guessWithdrawalSecret(db, userId, now, async () => false);
  throw new Error('unreachable: a wrong guess always refuses');
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
  // Wrong passwords typed into the change form (features/wallet) count in the same guard row, so both
  // paths together allow five guesses.
  await refuseWhileWithdrawalLocked(db, userId, now);
  const row = await db
    .selectFrom('withdrawal_password')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) refuse('error.withdraw_password_not_set');
  await guessWithdrawalSecret(db, userId, now, () => verifyPassword(row.password_hash, password));
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
