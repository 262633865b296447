import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refuse } from './errors';

/**
 * Guesses at a secret (a password, a verification code, a withdrawal password) are bounded by a
 * counter in the secret's row. The rule, for every such counter:
 *
 * 1. An attempt is RESERVED before the secret is checked, by one conditional update that returns the
 *    new count (`count = count + 1 where count < max and not locked`). Parallel guesses each take a
 *    slot in the database, so at most `attemptsMax` of them ever reach the (slow) check, however many
 *    arrive at once. Reading the count, adding one and writing it back lets a parallel batch through.
 *    A request that finds every slot held by checks in flight waits for one (see reserveAttempt).
 * 2. A wrong guess keeps its slot; when the count has reached the maximum it sets the lock (or, for a
 *    code, the code is simply exhausted).
 * 3. A right guess clears the count only if no lock landed meanwhile (checked again after the slow
 *    step), so a guess that was in flight when a parallel batch locked the secret is refused too.
 *    Clearing frees every slot, so a customer's own parallel requests all get through in turn.
 *
 * A reservation whose request dies between steps 1 and 2 stays counted: the guard fails closed.
 */
export interface AttemptCounter {
  table: keyof Database & string;
  keyColumn: string;
  countColumn: string;
  /** Null for a secret that has no lock but is spent once the count reaches the maximum (a code). */
  lockedUntilColumn: string | null;
  attemptsMax: number;
  lockMs: number;
}

export type Reservation = { granted: true; attempt: number } | { granted: false; lockedUntil: number | null };

function notLocked(counter: AttemptCounter, now: number) {
  if (counter.lockedUntilColumn === null) return sql`1 = 1`;
  const lockedUntil = sql.ref(counter.lockedUntilColumn);
  return sql`(${lockedUntil} is null or ${lockedUntil} <= ${now})`;
}

/**
 * How long a request waits for a free attempt while every slot is held by checks still running. Only a
 * customer's own parallel requests (each with the right secret, which frees the slots) wait here: an
 * attacker's wrong guesses never free theirs, so the lock lands and the waiters are refused by it.
 */
export const ATTEMPT_WAIT_MS_MAX = 5_000;
const ATTEMPT_POLL_MS = 15;

/**
 * Step 1: takes one attempt, or says why none is left (the lock's end, or null for an exhausted secret).
 * While every attempt is held by checks in flight, waits for one (at most ATTEMPT_WAIT_MS_MAX); if none
 * frees up, the maximum was spent without a success and the lock is due now. That also heals slots held
 * by requests that died between reserving and recording.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  counter: AttemptCounter,
  key: number,
  now: number,
): Promise<Reservation> {
  const started = performance.now();
  for (;;) {
    const attempt = await takeAttempt(db, counter, key, now);
    if (attempt !== null) return { granted: true, attempt };
    if (counter.lockedUntilColumn === null) return { granted: false, lockedUntil: null };
    const lockedUntil = await currentLock(db, counter, key);
    if (lockedUntil !== null && lockedUntil > now) return { granted: false, lockedUntil };
    if (performance.now() - started >= ATTEMPT_WAIT_MS_MAX) {
      return { granted: false, lockedUntil: await lockWhenDue(db, counter, key, now) };
    }
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_POLL_MS));
  }
}

async function takeAttempt(db: Kysely<Database>, counter: AttemptCounter, key: number, now: number) {
  const count = sql.ref(counter.countColumn);
  const reserved = await sql<{ attempt: number }>`
    update ${sql.table(counter.table)} set ${count} = ${count} + 1
    where ${sql.ref(counter.keyColumn)} = ${key} and ${count} < ${counter.attemptsMax} and ${notLocked(counter, now)}
    returning ${count} as attempt`.execute(db);
  const row = reserved.rows[0];
  return row ? Number(row.attempt) : null;
}

/**
 * Step 2, a wrong guess: locks when the count has reached the maximum. Returns the lock's end when this
 * call or a parallel one has locked the secret, else null.
 */
export async function recordWrongAttempt(
  db: Kysely<Database>,
  counter: AttemptCounter,
  key: number,
  now: number,
): Promise<number | null> {
  if (counter.lockedUntilColumn === null) return null;
  return lockWhenDue(db, counter, key, now);
}

/** Step 3, a right guess: clears the count unless a lock landed while the secret was being checked. */
export async function recordRightAttempt(
  db: Kysely<Database>,
  counter: AttemptCounter,
  key: number,
  now: number,
): Promise<{ cleared: true } | { cleared: false; lockedUntil: number }> {
  const keyColumn = sql.ref(counter.keyColumn);
  const cleared = await sql<{ guardKey: number }>`
    update ${sql.table(counter.table)} set ${sql.ref(counter.countColumn)} = 0
    where ${keyColumn} = ${key} and ${notLocked(counter, now)}
    returning ${keyColumn} as "guardKey"`.execute(db);
  if (cleared.rows.length > 0 || counter.lockedUntilColumn === null) return { cleared: true };
  return { cleared: false, lockedUntil: (await currentLock(db, counter, key)) ?? now + counter.lockMs };
}

/** Sets the lock if the count has reached the maximum and none is in force; returns the lock in force, if any. */
async function lockWhenDue(db: Kysely<Database>, counter: AttemptCounter, key: number, now: number) {
  if (counter.lockedUntilColumn === null) return null;
  const count = sql.ref(counter.countColumn);
  // The count restarts with the lock: after it ends, the customer has the full number of tries again.
  await sql`
    update ${sql.table(counter.table)} set ${count} = 0, ${sql.ref(counter.lockedUntilColumn)} = ${now + counter.lockMs}
    where ${sql.ref(counter.keyColumn)} = ${key} and ${count} >= ${counter.attemptsMax} and ${notLocked(counter, now)}`.execute(
    db,
  );
  const lockedUntil = await currentLock(db, counter, key);
  return lockedUntil !== null && lockedUntil > now ? lockedUntil : null;
}

async function currentLock(db: Kysely<Database>, counter: AttemptCounter, key: number): Promise<number | null> {
  if (counter.lockedUntilColumn === null) return null;
  const found = await sql<{ lockedUntil: number | string | null }>`
    select ${sql.ref(counter.lockedUntilColumn)} as "lockedUntil" from ${sql.table(counter.table)}
    where ${sql.ref(counter.keyColumn)} = ${key}`.execute(db);
  const value = found.rows[0]?.lockedUntil;
  return value === null || value === undefined ? null : Number(value);
}

/** How a guarded check refuses: while the secret is locked (until when), and for a wrong guess that did not lock it. */
export interface GuardRefusals {
  locked: (lockedUntil: number) => never;
  wrong: (attempt: number) => never;
}

/**
 * Steps 1 to 3 around one check of a secret: an attempt is reserved, `check` runs (the slow hash
 * comparison), and its outcome is recorded. Refused as locked when no attempt is left, when this wrong
 * guess set the lock, or when a lock landed while a right guess was being checked; a wrong guess that
 * did not lock is refused as wrong, with the attempt it was.
 */
export async function checkGuardedSecret(
  db: Kysely<Database>,
  counter: AttemptCounter,
  key: number,
  now: number,
  check: () => Promise<boolean>,
  refusals: GuardRefusals,
): Promise<void> {
  const reservation = await reserveAttempt(db, counter, key, now);
  if (!reservation.granted) refusals.locked(reservation.lockedUntil ?? now + counter.lockMs);
  if (!(await check())) {
    const lockedUntil = await recordWrongAttempt(db, counter, key, now);
    if (lockedUntil !== null) refusals.locked(lockedUntil);
    refusals.wrong(reservation.attempt);
  }
  const right = await recordRightAttempt(db, counter, key, now);
  if (!right.cleared) refusals.locked(right.lockedUntil);
}

/**
 * The counter of a sign-in's password. Customers (`user_account`) and staff (`staff_member`) keep it in
 * the same two columns; only how many guesses and how long a lock lasts are theirs.
 */
export function loginAttempts(
  table: 'user_account' | 'staff_member',
  limits: { attemptsMax: number; lockMs: number },
): AttemptCounter {
  return { table, keyColumn: 'id', countColumn: 'failed_login_count', lockedUntilColumn: 'locked_until', ...limits };
}

/** Refuses a sign-in while its account is locked, naming the minutes left (at least one). */
export function refuseLoginLocked(lockedUntil: number, now: number): never {
  refuse('error.account_locked', { minutes: Math.max(1, Math.ceil((lockedUntil - now) / 60_000)) });
}
