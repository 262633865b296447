import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refuse } from './errors';
import { isRetryableConflict, isUniqueViolation } from './database-errors';

/**
 * Every money-moving request runs once per (owner, Idempotency-Key). The contract marks such endpoints
 * `idempotent: true`; the route layer (http/route.ts) then
 * 1. refuses a request without a key, before any other work;
 * 2. builds the fingerprint from the endpoint's path and its validated input (secrets left out);
 * 3. answers a replay of a committed request with its first answer BEFORE the handler runs, so no
 *    state check (a finished order, a spent balance, a closed channel) can refuse a replay;
 * 4. hands the handler `once(action)`: one transaction that claims the key, runs the effect and
 *    stores the answer, so either all three commit or none does.
 * No handler builds a key or a fingerprint; the coin-to-coin writer, which commits many commands in one
 * transaction, takes the claim and uses claimKey/storeAnswer inside each command's savepoint.
 */

export const IDEMPOTENCY_KEY_LENGTH_MAX = 100;
/** How long a replay that raced the first request waits for the first one to commit. */
const RACE_WAIT_MS_MAX = 5_000;
const RACE_POLL_MS = 10;
/** Runs of one request's transaction at the most when PostgreSQL rolls it back for a deadlock. */
const CONFLICT_ATTEMPTS_MAX = 4;

/** One request's claim on a key: whose, which key, and what the request was. */
export interface IdempotencyClaim {
  /** The customer's id, or a staff member's as `staffIdempotencyOwner(id)`. */
  ownerId: number;
  key: string;
  fingerprint: string;
}

/** Runs an effect once for the request's key, in one transaction with the key's record and its answer. */
export type Once = <Answer>(action: (transaction: Kysely<Database>) => Promise<Answer>) => Promise<Answer>;

/**
 * Staff keys live in the same table as customers' keys, under negative owner ids, so a staff member's
 * key can never replay a customer's answer or the reverse.
 */
export function staffIdempotencyOwner(staffId: number): number {
  return -staffId;
}

export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** Refuses a missing or over-long Idempotency-Key before any work; answers the trimmed key. */
export function checkIdempotencyKey(key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed || trimmed.length > IDEMPOTENCY_KEY_LENGTH_MAX) refuse('error.idempotency_key_required');
  return trimmed;
}

export function requestFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The committed first answer under the claim's (owner, key), undefined when there is none yet;
 * refuses a key reused for a different request.
 */
export async function storedAnswer<Answer>(db: Kysely<Database>, claim: IdempotencyClaim): Promise<Answer | undefined> {
  const row = await db
    .selectFrom('idempotency_record')
    .select(['request_fingerprint', 'response_json'])
    .where('user_id', '=', claim.ownerId)
    .where('idempotency_key', '=', claim.key)
    .executeTakeFirst();
  if (!row || row.response_json === null) return undefined;
  if (row.request_fingerprint !== claim.fingerprint) refuse('error.idempotency_key_reused');
  return JSON.parse(row.response_json) as Answer;
}

/** Claims the key inside the effect's transaction (a unique violation means another request has it). */
export async function claimKey(transaction: Kysely<Database>, claim: IdempotencyClaim, now: number): Promise<void> {
  await transaction
    .insertInto('idempotency_record')
    .values({
      user_id: claim.ownerId,
      idempotency_key: claim.key,
      request_fingerprint: claim.fingerprint,
      response_json: null,
      created_at: now,
    })
    .execute();
}

/** Records the answer under the claimed key, in the same transaction, so a replay gets it. */
export async function storeAnswer(
  transaction: Kysely<Database>,
  claim: IdempotencyClaim,
  answer: unknown,
): Promise<void> {
  await transaction
    .updateTable('idempotency_record')
    .set({ response_json: JSON.stringify(answer ?? null) })
    .where('user_id', '=', claim.ownerId)
    .where('idempotency_key', '=', claim.key)
    .execute();
}

/**
 * Step 4 above: claim, effect and answer in one transaction. A request that raced another with the
 * same key (PostgreSQL blocks the claim until the first commits) answers the first one's answer. A
 * transaction PostgreSQL rolled back as a deadlock's victim runs again (isRetryableConflict), a few
 * times at most, after a short random pause so the two do not meet again in step; the effects write
 * nothing outside the transaction until it commits (news goes out after commit), so a rerun is clean.
 */
export async function runOnce<Answer>(
  db: Kysely<Database>,
  claim: IdempotencyClaim,
  now: number,
  action: (transaction: Kysely<Database>) => Promise<Answer>,
): Promise<Answer> {
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (transaction) => {
          await claimKey(transaction, claim, now);
          const answer = await action(transaction);
          await storeAnswer(transaction, claim, answer);
          return answer;
        });
      } catch (error) {
        if (!isRetryableConflict(error) || attempt >= CONFLICT_ATTEMPTS_MAX) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const started = performance.now();
    while (performance.now() - started < RACE_WAIT_MS_MAX) {
      const earlier = await storedAnswer<Answer>(db, claim);
      if (earlier !== undefined) return earlier;
      await new Promise((resolve) => setTimeout(resolve, RACE_POLL_MS));
    }
    throw error;
  }
}
