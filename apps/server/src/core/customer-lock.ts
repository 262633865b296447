import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connection';
import type { Database } from '../db/schema';

/**
 * Serializes one customer's wallet changes (limits on cards and addresses, the daily exchange count,
 * the first withdrawal password) for the rest of the transaction, so a count checked here cannot be
 * overtaken by a concurrent request. PostgreSQL locks the customer's row; SQLite needs nothing, as the
 * server's single connection already runs one transaction at a time.
 */
export async function lockCustomer(transaction: Kysely<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await transaction.selectFrom('user_account').select('id').where('id', '=', userId).forUpdate().execute();
}
