import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PageRequest } from '../../core/paging';
import { statementLines } from '../ledger/statement-lines';
import { findCustomer } from './customer-profile';

/**
 * `GET operator/customers/statement`: every posting to the customer's accounts (any book, any kind),
 * newest first, with the entry's reason code, reference, actor, memo and tick, amounts as decimal text:
 * the same lines the customer's own statement reads.
 */
export async function customerStatement(
  db: Kysely<Database>,
  query: PageRequest & { id: number; currencyId?: number | undefined },
) {
  await findCustomer(db, query.id);
  const { rows, total } = await statementLines(db, { userId: query.id, currencyId: query.currencyId }, query);
  return { rows: rows.map(({ hash: _hash, ...line }) => line), total };
}
