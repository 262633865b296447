import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refuse } from './errors';

/**
 * Whether an operator has locked (suspended) a customer (features/customer-care writes the lock).
 * Here, below every feature, so sign-in and the session check ask the same question the same way.
 */
export async function isCustomerSuspended(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customer_operator_lock')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses sign-in of a suspended customer with `error.account_suspended`. */
export async function refuseSuspendedCustomer(db: Kysely<Database>, userId: number): Promise<void> {
  if (await isCustomerSuspended(db, userId)) refuse('error.account_suspended');
}
