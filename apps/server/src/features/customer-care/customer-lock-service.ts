import type { Kysely } from 'kysely';
import { sessionsEnded as endCachedSessions } from '../../core/session-cache';
import { ACCOUNT_TYPE } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { isUniqueViolation } from '../../core/database-errors';
import { recordAudit } from '../staff/audit';
import { customerLock, findCustomer } from './customer-profile';

export interface LockRequest {
  staffId: number;
  userId: number;
  reason: string;
  now: number;
}

/**
 * Ends every session of the customer and every demo session entered from one of them, in the
 * caller's transaction; answers how many of the customer's own sessions ended. (features/account's
 * revokeUserSessions does the same for a password change; a feature cannot import another.)
 */
async function endCustomerSessions(transaction: Kysely<Database>, userId: number, now: number): Promise<number> {
  await transaction
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('token_hash', 'in', (eb) =>
      eb
        .selectFrom('demo_session')
        .innerJoin('session_token as origin', 'origin.token_hash', 'demo_session.real_token_hash')
        .select('demo_session.demo_token_hash')
        .where('origin.user_id', '=', userId),
    )
    .execute();
  const ended = await transaction
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/**
 * `POST operator/customers/lock`: a real account only (a demo account signs in through its real one).
 * In one transaction: the lock row (its primary key makes a second lock, even a racing one, refused as
 * error.customer_already_locked with nothing changed), every session ended, one audit row. Sign-in is
 * refused with error.account_suspended until an unlock.
 */
export async function lockCustomer(
  db: Kysely<Database>,
  request: LockRequest,
): Promise<{ id: number; locked: 0 | 1; sessionsEnded: number }> {
  const user = await findCustomer(db, request.userId);
  if (user.account_type !== ACCOUNT_TYPE.real) refuse('error.customer_lock_real_only');
  try {
    const locked = await db.transaction().execute(async (transaction) => {
      if (await customerLock(transaction, request.userId)) refuse('error.customer_already_locked');
      const lock = {
        user_id: request.userId,
        locked_at: request.now,
        staff_id: request.staffId,
        reason: request.reason,
      };
      await transaction.insertInto('customer_operator_lock').values(lock).execute();
      const sessionsEnded = await endCustomerSessions(transaction, request.userId, request.now);
      await recordAudit(
        transaction,
        {
          staffId: request.staffId,
          action: 'customer.lock',
          targetType: 'customer',
          targetId: request.userId,
          reason: request.reason,
          entryId: null,
          before: { locked: false },
          after: { locked: true, lockedAt: request.now, sessionsEnded },
        },
        request.now,
      );
      return { id: request.userId, locked: 1 as const, sessionsEnded };
    });
    // After the commit: this process forgets the customer's cached sessions at once, the others on the bus.
    endCachedSessions(db, { userIds: [request.userId] });
    return locked;
  } catch (error) {
    if (isUniqueViolation(error)) refuse('error.customer_already_locked');
    throw error;
  }
}

/** `POST operator/customers/unlock`: removes the lock (none: error.customer_not_locked, nothing changed) with one audit row. */
export async function unlockCustomer(
  db: Kysely<Database>,
  request: LockRequest,
): Promise<{ id: number; locked: 0 | 1; sessionsEnded: number }> {
  await findCustomer(db, request.userId);
  return db.transaction().execute(async (transaction) => {
    const lock = await customerLock(transaction, request.userId);
    if (!lock) refuse('error.customer_not_locked');
    const removed = await transaction
      .deleteFrom('customer_operator_lock')
      .where('user_id', '=', request.userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) refuse('error.customer_not_locked');
    await recordAudit(
      transaction,
      {
        staffId: request.staffId,
        action: 'customer.unlock',
        targetType: 'customer',
        targetId: request.userId,
        reason: request.reason,
        entryId: null,
        before: { locked: true, lockedAt: Number(lock.locked_at), lockedBy: lock.staff_id, lockReason: lock.reason },
        after: { locked: false },
      },
      request.now,
    );
    return { id: request.userId, locked: 0 as const, sessionsEnded: 0 };
  });
}
