import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../http/errors';

export const IDEMPOTENCY_KEY_LENGTH_MAX = 100;
/** How long a replay that raced the first request waits for the first one to commit. */
const RACE_WAIT_MS_MAX = 5_000;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function requestFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
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
  const key = request.key?.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_LENGTH_MAX) refuse('error.idempotency_key_required');
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
      await transaction
        .insertInto('idempotency_record')
        .values({
          user_id: request.userId,
          idempotency_key: key,
          request_fingerprint: request.fingerprint,
          response_json: null,
          created_at: request.now,
        })
        .execute();
      const answer = await action(transaction);
      await transaction
        .updateTable('idempotency_record')
        .set({ response_json: JSON.stringify(answer ?? null) })
        .where('user_id', '=', request.userId)
        .where('idempotency_key', '=', key)
        .execute();
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
