import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';

export const IDEMPOTENCY_KEY_LENGTH_MAX = 100;
/** How long a replay that raced the first request waits for the first one to commit. */
const RACE_WAIT_MS_MAX = 5_000;

/** A unique or primary key was violated: another request inserted the same row first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Refuses a missing or over-long Idempotency-Key before any work; answers the trimmed key. */
export function checkIdempotencyKey(key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed || trimmed.length > IDEMPOTENCY_KEY_LENGTH_MAX) refuse('error.idempotency_key_required');
  return trimmed;
}

/**
 * The committed first answer under (owner, key), undefined when there is none yet; refuses a key
 * reused for a different request. For callers that check for a replay before their own transaction.
 */
export async function storedAnswer<Answer>(
  db: Kysely<Database>,
  ownerId: number,
  key: string,
  fingerprint: string,
): Promise<Answer | undefined> {
  const row = await db
    .selectFrom('idempotency_record')
    .select(['request_fingerprint', 'response_json'])
    .where('user_id', '=', ownerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row || row.response_json === null) return undefined;
  if (row.request_fingerprint !== fingerprint) refuse('error.idempotency_key_reused');
  return JSON.parse(row.response_json) as Answer;
}

export function requestFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** One request's claim on a key: who, which key, and what the request was. */
export interface Keyed {
  userId: number;
  key: string;
  fingerprint: string;
}

/** Claims the key inside the command's transaction (a unique violation means another request has it). */
export async function insertIdempotencyRecord(
  transaction: Kysely<Database>,
  request: Keyed,
  now: number,
): Promise<void> {
  await transaction
    .insertInto('idempotency_record')
    .values({
      user_id: request.userId,
      idempotency_key: request.key,
      request_fingerprint: request.fingerprint,
      response_json: null,
      created_at: now,
    })
    .execute();
}

/** Records the answer under the claimed key, in the same transaction, so a replay gets it. */
export async function storeIdempotentAnswer(
  transaction: Kysely<Database>,
  request: Keyed,
  answer: unknown,
): Promise<void> {
  await transaction
    .updateTable('idempotency_record')
    .set({ response_json: JSON.stringify(answer) })
    .where('user_id', '=', request.userId)
    .where('idempotency_key', '=', request.key)
    .execute();
}

/**
 * Runs a money-moving action once per (customer, key). The record is written in the same
 * transaction as the action, so either both commit or neither does. A replay gets the first answer;
 * a replay that races the first request waits for it; the same key with a different request is refused.
 */
export async function idempotent<Answer>(
  db: Kysely<Database>,
  request: { userId: number; key: string | undefined; fingerprint: string; now: number },
  action: (transaction: Kysely<Database>) => Promise<Answer>,
): Promise<Answer> {
  const key = checkIdempotencyKey(request.key);
  const stored = async (reader: Kysely<Database>): Promise<{ answer: Answer } | undefined> => {
    const row = await reader
      .selectFrom('idempotency_record')
      .select(['request_fingerprint', 'response_json'])
      .where('user_id', '=', request.userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.request_fingerprint !== request.fingerprint) refuse('error.idempotency_key_reused');
    if (row.response_json === null)
      throw new Error('idempotency record without an answer inside a committed transaction');
    return { answer: JSON.parse(row.response_json) as Answer };
  };

  try {
    return await db.transaction().execute(async (transaction) => {
      const earlier = await stored(transaction);
      if (earlier) return earlier.answer;
      const claim = { userId: request.userId, key, fingerprint: request.fingerprint };
      await insertIdempotencyRecord(transaction, claim, request.now);
      const answer = await action(transaction);
      await storeIdempotentAnswer(transaction, claim, answer ?? null);
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request with this key committed first (PostgreSQL blocks the insert until then).
    const started = Date.now();
    while (Date.now() - started < RACE_WAIT_MS_MAX) {
      const earlier = await stored(db);
      if (earlier) return earlier.answer;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw error;
  }
}
