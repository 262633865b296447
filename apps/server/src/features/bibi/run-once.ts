import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';
import { IDEMPOTENCY_KEY_LENGTH_MAX, requestFingerprint } from '../ledger/idempotency';

export interface OnceRequest {
  userId: number;
  key: string | undefined;
  /** What makes two requests the same: the endpoint and its validated body. */
  fingerprintOf: unknown;
  now: number;
}

/** Refuses a missing or over-long Idempotency-Key before any work. */
export function checkIdempotencyKey(key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed || trimmed.length > IDEMPOTENCY_KEY_LENGTH_MAX) refuse('error.idempotency_key_required');
  return trimmed;
}

async function storedAnswer<Answer>(
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

/**
 * The order calls' idempotency (the ledger's idempotency table, the same rules as features/ledger's
 * `idempotent`), written for the book writer: it says whether the action ran, because only then has the
 * in-memory book moved. The record is written in the action's transaction, so both commit or neither.
 * Requests with one key on one pair are serialized by the pair's queue, so they never race here.
 */
export async function runOnce<Answer>(
  db: Kysely<Database>,
  request: OnceRequest,
  action: (transaction: Kysely<Database>) => Promise<Answer>,
): Promise<{ answer: Answer; replayed: boolean }> {
  const key = checkIdempotencyKey(request.key);
  const fingerprint = requestFingerprint(request.fingerprintOf);
  const earlier = await storedAnswer<Answer>(db, request.userId, key, fingerprint);
  if (earlier !== undefined) return { answer: earlier, replayed: true };
  let answer: Answer;
  try {
    answer = await writeOnce(db, request, key, fingerprint, action);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key was used at the same moment for a request on another pair: that one committed first.
    const other = await storedAnswer<Answer>(db, request.userId, key, fingerprint);
    if (other === undefined) throw error;
    return { answer: other, replayed: true };
  }
  return { answer, replayed: false };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

async function writeOnce<Answer>(
  db: Kysely<Database>,
  request: OnceRequest,
  key: string,
  fingerprint: string,
  action: (transaction: Kysely<Database>) => Promise<Answer>,
): Promise<Answer> {
  return db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('idempotency_record')
      .values({
        user_id: request.userId,
        idempotency_key: key,
        request_fingerprint: fingerprint,
        response_json: null,
        created_at: request.now,
      })
      .execute();
    const result = await action(transaction);
    await transaction
      .updateTable('idempotency_record')
      .set({ response_json: JSON.stringify(result) })
      .where('user_id', '=', request.userId)
      .where('idempotency_key', '=', key)
      .execute();
    return result;
  });
}
