import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { bookOf, ledger } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { unitsText } from '../../core/columns';
import { pageOffset } from '../../core/paging';

/**
 * The customer's own statement: every posting to their accounts in the book they are in, with the
 * entry's reason, reference, actor, tick and hash, newest first. Operator actions show here too, so
 * no change to a customer's money is invisible to them.
 */
export function statementRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(ledger.statement, async ({ query, context: request }) => {
    const book = bookOf(request.user.accountType);
    let lines = db
      .selectFrom('posting')
      .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
      .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
      .innerJoin('platform_currency as currency', 'currency.id', 'posting.currency_id')
      .where('account.user_id', '=', request.user.userId)
      .where('account.book', '=', book);
    if (query.currencyId !== undefined) lines = lines.where('posting.currency_id', '=', query.currencyId);
    if (query.kind !== undefined) lines = lines.where('account.kind', '=', query.kind);
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
          'posting.currency_id',
          'currency.currency_name',
          'currency.scale',
          'account.kind',
          unitsText('posting.amount_units', 'amount'),
          unitsText('posting.balance_after_units', 'balance_after'),
        ])
        .orderBy('posting.id', 'desc')
        .limit(query.pageSize)
        .offset(pageOffset(query))
        .execute(),
      lines.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
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
        currencyId: row.currency_id,
        currencyName: row.currency_name,
        kind: row.kind,
        amount: formatDecimal(BigInt(row.amount), row.scale),
        balanceAfter: formatDecimal(BigInt(row.balance_after), row.scale),
        hash: row.hash,
      })),
      total: Number(count.total),
    };
  });
}
