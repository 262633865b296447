import { sql, type Kysely } from 'kysely';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset, type PageRequest } from '../../core/paging';
import type { Book } from './accounts';

/** Which postings a statement shows: one customer's, optionally one book, currency or account kind. */
export interface StatementFilter {
  userId: number;
  book?: Book;
  currencyId?: number | undefined;
  kind?: string | undefined;
}

/**
 * A page of a customer's statement, newest first: every posting to their accounts with its entry's
 * reason, reference, actor, memo, tick and hash, amounts as decimal text at the currency's scale. The
 * customer's own statement and the operators' view of it both read it here, so they never disagree.
 */
export async function statementLines(db: Kysely<Database>, filter: StatementFilter, page: PageRequest) {
  let lines = db
    .selectFrom('posting')
    .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
    .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'posting.currency_id')
    .where('account.user_id', '=', filter.userId);
  if (filter.book !== undefined) lines = lines.where('account.book', '=', filter.book);
  if (filter.currencyId !== undefined) lines = lines.where('posting.currency_id', '=', filter.currencyId);
  if (filter.kind !== undefined) lines = lines.where('account.kind', '=', filter.kind);
  const [rows, count] = await Promise.all([
    lines
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
        'entry.hash',
        'account.book',
        'account.kind',
        'posting.currency_id',
        'currency.currency_name',
        'currency.scale',
        unitsText('posting.amount_units', 'amount'),
        unitsText('posting.balance_after_units', 'balance_after'),
      ])
      .orderBy('posting.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    lines.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
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
      hash: row.hash,
      book: row.book,
      kind: row.kind,
      currencyId: row.currency_id,
      currencyName: row.currency_name,
      amount: formatDecimal(BigInt(row.amount), row.scale),
      balanceAfter: formatDecimal(BigInt(row.balance_after), row.scale),
    })),
    total: Number(count.total),
  };
}
