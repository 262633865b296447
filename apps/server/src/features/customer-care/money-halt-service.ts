import { sql, type Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import { liftHalt } from '../ledger/money-halts';
import { recordAudit } from '../staff/audit';

type MoneyHaltRecord = operatorCustomers.MoneyHaltRecord;

function haltsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('money_halt as halt')
    .leftJoin('user_account as user', 'user.id', 'halt.user_id')
    .leftJoin('ledger_account as account', 'account.id', 'halt.ledger_account_id')
    .leftJoin('platform_currency as currency', 'currency.id', 'halt.currency_id')
    .leftJoin('staff_member as lifter', 'lifter.id', 'halt.lifted_by')
    .select([
      'halt.id',
      'halt.scope',
      'halt.ledger_account_id',
      'halt.user_id',
      'user.user_account',
      'halt.currency_id',
      'currency.currency_name',
      'account.book',
      'account.kind',
      'halt.reason',
      'halt.found_at',
      'halt.reconcile_run_id',
      'halt.lifted_at',
      'halt.lifted_by',
      'lifter.username as lifter_username',
      'halt.lift_reason',
    ]);
}

type HaltRow = Awaited<ReturnType<ReturnType<typeof haltsWithNames>['executeTakeFirstOrThrow']>>;

function haltRecord(row: HaltRow): MoneyHaltRecord {
  return {
    id: row.id,
    scope: row.scope,
    ledgerAccountId: row.ledger_account_id,
    userId: row.user_id,
    userAccount: row.user_account,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    book: row.book,
    accountKind: row.kind,
    reason: row.reason,
    foundAt: Number(row.found_at),
    reconcileRunId: row.reconcile_run_id,
    standing: row.lifted_at === null ? 1 : 0,
    liftedAt: row.lifted_at === null ? null : Number(row.lifted_at),
    liftedByStaffId: row.lifted_by,
    liftedByUsername: row.lifter_username,
    liftReason: row.lift_reason,
  };
}

/** `GET operator/halts`: newest first; `standing` 1 only those in force, 0 only lifted ones. */
export async function listMoneyHalts(
  db: Kysely<Database>,
  query: PageRequest & { standing?: number | undefined },
): Promise<{ rows: MoneyHaltRecord[]; total: number }> {
  let filtered = db.selectFrom('money_halt');
  if (query.standing === 1) filtered = filtered.where('lifted_at', 'is', null);
  if (query.standing === 0) filtered = filtered.where('lifted_at', 'is not', null);
  const { rows, total } = await pageWithTotal(
    haltsWithNames(db)
      .where('halt.id', 'in', filtered.select('id'))
      .orderBy('halt.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
    filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: rows.map(haltRecord), total };
}

/**
 * `POST operator/halts/lift` (admin): lifts a standing halt with a reason and writes one audit row, in
 * one transaction. Money moves again on what the halt covered (unless another halt covers it too);
 * the next reconcile halts again if the difference is still there.
 */
export async function liftMoneyHalt(
  db: Kysely<Database>,
  request: { staffId: number; id: number; reason: string; now: number },
): Promise<MoneyHaltRecord> {
  return db.transaction().execute(async (transaction) => {
    const before = await haltsWithNames(transaction).where('halt.id', '=', request.id).executeTakeFirst();
    await liftHalt(transaction, request.id, request);
    const after = haltRecord(
      await haltsWithNames(transaction).where('halt.id', '=', request.id).executeTakeFirstOrThrow(),
    );
    await recordAudit(
      transaction,
      {
        staffId: request.staffId,
        action: 'money_halt.lift',
        targetType: 'money_halt',
        targetId: request.id,
        reason: request.reason,
        entryId: null,
        before: before ? haltRecord(before) : undefined,
        after,
      },
      request.now,
    );
    return after;
  });
}
