import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Book } from '../ledger/accounts';

/** How many of a customer's settled fast trades won and lost. */
export async function fastTradeSummary(
  _db: Kysely<Database>,
  _userId: number,
  _book: Book,
): Promise<{ won: number; lost: number }> {
  return { won: 0, lost: 0 };
}
