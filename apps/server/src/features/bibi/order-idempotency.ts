/**
 * Idempotency of the order calls, on the ledger's idempotency table with the same rules as
 * features/ledger's `idempotent`: one record per (customer, key), written in the command's own
 * transaction with its answer, so both commit or neither does; a replay gets the first answer; the
 * same key with a different request is refused. The book writer runs these steps itself because it
 * commits several commands in one transaction (group commit).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';
import { IDEMPOTENCY_KEY_LENGTH_MAX, requestFingerprint } from '../ledger/idempotency';

export { requestFingerprint };

/** Refuses a missing or over-long Idempotency-Key before any work. */
export function checkIdempotencyKey(key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed || trimmed.length > IDEMPOTENCY_KEY_LENGTH_MAX) refuse('error.idempotency_key_required');
  return trimmed;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

interface Keyed {
  userId: number;
  key: string;
  fingerprint: string;
}

/** The first answer under this key, undefined when there is none; refuses a key reused for another request. */
export async function storedAnswer<Answer>(
  db: Kysely<Database>,
  userId: number,
  key: string,
  fingerprint: string,
): Promise<Answer | undefined> {
  const row = await db
    .selectFrom('idempotency_record')
    .select(['request_fingerprint', 'response_json'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row || row.response_json === null) return undefined;
  if (row.request_fingerprint !== fingerprint) refuse('error.idempotency_key_reused');
  return JSON.parse(row.response_json) as Answer;
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
