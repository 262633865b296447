import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { checkIdempotencyKey, idempotent, requestFingerprint, storedAnswer } from '../ledger/idempotency';

export interface IdempotentRequest {
  /** The customer, or a staff member as `staffIdempotencyOwner(id)`. */
  ownerId: number;
  key: string | undefined;
  /** What makes two requests "the same": the endpoint and its validated body, secrets left out. */
  fingerprintOf: unknown;
  now: number;
}

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

/**
 * A money-moving request in three steps:
 * 1. a replay of a request that already committed gets its first answer at once, before any check that
 *    could now come out differently (the clock moved past the channel's hours, the balance is spent);
 * 2. `prepare` checks what can be checked outside the write transaction (input, configuration, the
 *    withdrawal password, whose failures must be recorded even though the request is refused);
 * 3. `action` runs once per key inside one transaction with the idempotency record (features/ledger).
 */
export async function idempotentRequest<Prepared, Answer>(
  db: Kysely<Database>,
  request: IdempotentRequest,
  prepare: () => Promise<Prepared>,
  action: (transaction: Kysely<Database>, prepared: Prepared) => Promise<Answer>,
): Promise<Answer> {
  // Refused first: a request without a key must not get as far as counting a wrong password.
  const key = checkIdempotencyKey(request.key);
  const fingerprint = requestFingerprint(request.fingerprintOf);
  const earlier = await storedAnswer<Answer>(db, request.ownerId, key, fingerprint);
  if (earlier !== undefined) return earlier;
  const prepared = await prepare();
  return idempotent(db, { userId: request.ownerId, key, fingerprint, now: request.now }, (transaction) =>
    action(transaction, prepared),
  );
}
