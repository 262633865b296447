import { sql, type Kysely } from 'kysely';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import { findCustomer } from './customer-profile';

/**
 * `GET operator/customers/statement`: every posting to the customer's accounts (any book, any kind),
 * newest first, with the entry's reason code, reference, actor, memo and tick, amounts as decimal text.
 */
export async function customerStatement(
  db: Kysely<Database>,
  query: PageRequest & { id: number; currencyId?: number | undefined },
) {
  await findCustomer(db, query.id);
  let lines = db
    .selectFrom('posting')
    .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
    .where('account.user_id', '=', query.id);
  if (query.currencyId !== undefined) lines = lines.where('posting.currency_id', '=', query.currencyId);
  const { rows, total } = await pageWithTotal(
    lines
      .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
      .innerJoin('platform_currency as currency', 'currency.id', 'posting.currency_id')
      .select([
        'posting.id as posting_id',
        'entry.id as entry_id',
        'entry.created_at',
        'entry.reason_code',
        'entry.reference_type',
        'entry.reference_id',
        'entry.actor_type',
        'entry.actor_id',
        'entry.memo',
        'entry.tick_id',
        'entry.tick_source',
        'account.book',
        'account.kind',
        'posting.currency_id',
        'currency.currency_name',
        'currency.scale',
        unitsText('posting.amount_units', 'amount'),
        unitsText('posting.balance_after_units', 'balance_after'),
      ])
      .orderBy('posting.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
    lines.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return {
    rows: rows.map((row) => ({
      postingId: row.posting_id,
      entryId: row.entry_id,
      time: Number(row.created_at),
      reasonCode: row.reason_code,
      referenceType: row.reference_type,
      referenceId: row.reference_id,
      actorType: row.actor_type,
      actorId: row.actor_id,
      memo: row.memo,
      tickId: row.tick_id,
      tickSource: row.tick_source,
      book: row.book,
      kind: row.kind,
      currencyId: row.currency_id,
      currencyName: row.currency_name,
      amount: formatDecimal(BigInt(row.amount), row.scale),
      balanceAfter: formatDecimal(BigInt(row.balance_after), row.scale),
    })),
    total,
  };
}
