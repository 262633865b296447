import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Book } from '../ledger/accounts';
import { RESULT_CODE } from './reasons';

/** How many of a customer's settled fast trades won and lost (ties are neither), in one book. */
export async function fastTradeSummary(
  db: Kysely<Database>,
  userId: number,
  book: Book,
): Promise<{ won: number; lost: number }> {
  const rows = await db
    .selectFrom('fast_trade_order')
    .select(['result', sql<number>`count(*)`.as('orders')])
    .where('user_id', '=', userId)
    .where('book', '=', book)
    .where('status', '=', 1)
    .groupBy('result')
    .execute();
  const count = (result: number) => Number(rows.find((row) => row.result === result)?.orders ?? 0);
  return { won: count(RESULT_CODE.won), lost: count(RESULT_CODE.lost) };
}
