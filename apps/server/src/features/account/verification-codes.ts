import type { Kysely } from 'kysely';
import { CONSTANTS } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { reserveAttempt, type AttemptCounter } from '../../core/attempt-guard';
import { newVerificationCode, sha256Hex } from '../../core/secrets';

export const CODE_LIFETIME_MS = CONSTANTS.verificationCodeLifetimeSeconds * 1000;
export const CODE_RESEND_MS = CONSTANTS.verificationCodeCountdownSeconds * 1000;
/** Wrong guesses allowed on one code before it is spent: six digits must not be brute-forced. */
export const CODE_ATTEMPTS_MAX = 5;
/** A code has no lock: once its attempts are spent it is useless, and a new one must be asked for. */
const CODE_ATTEMPTS: AttemptCounter = {
  table: 'verification_code',
  keyColumn: 'id',
  countColumn: 'attempt_count',
  lockedUntilColumn: null,
  attemptsMax: CODE_ATTEMPTS_MAX,
  lockMs: 0,
};

export type CodePurpose = 'register' | 'bind' | 'reset';

function codeHash(target: string, purpose: string, code: string): string {
  return sha256Hex(`${purpose}:${target}:${code}`);
}

/** Issues a fresh code for a target, refusing a resend inside 60 s. Returns the code for the notifier. */
export async function issueCode(
  db: Kysely<Database>,
  target: string,
  purpose: CodePurpose,
  now: number,
): Promise<string> {
  const latest = await db
    .selectFrom('verification_code')
    .select('created_at')
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && now - Number(latest.created_at) < CODE_RESEND_MS) {
    refuse('error.code_resend_too_soon', {
      seconds: Math.ceil((Number(latest.created_at) + CODE_RESEND_MS - now) / 1000),
    });
  }
  const code = newVerificationCode();
  // A new code replaces the old: only the latest one can be used.
  await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_code')
    .values({
      target,
      purpose,
      code_hash: codeHash(target, purpose, code),
      created_at: now,
      expires_at: now + CODE_LIFETIME_MS,
      used_at: null,
      attempt_count: 0,
    })
    .execute();
  return code;
}

/**
 * Checks the latest code of a target and returns its id. The guess is counted before the comparison,
 * outside any transaction the caller opens, so a rollback cannot erase it.
 */
export async function checkCode(
  db: Kysely<Database>,
  target: string,
  purpose: CodePurpose,
  code: string,
  now: number,
): Promise<number> {
  const latest = await db
    .selectFrom('verification_code')
    .selectAll()
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) refuse('error.code_invalid');
  if (Number(latest.expires_at) <= now) refuse('error.code_expired');
  // Every guess, right or wrong, takes one of the code's attempts in one conditional update first, so
  // parallel guesses cannot share a count read before any of them was written back.
  const reservation = await reserveAttempt(db, CODE_ATTEMPTS, latest.id, now);
  if (!reservation.granted) refuse('error.code_invalid');
  if (latest.code_hash !== codeHash(target, purpose, code)) refuse('error.code_invalid');
  return latest.id;
}

/** Spends a checked code inside the caller's transaction; of two racing requests only one spends it. */
export async function spendCode(db: Kysely<Database>, codeId: number, now: number): Promise<void> {
  const spent = await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) refuse('error.code_invalid');
}
