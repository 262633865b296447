import { sql, type Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';

function adjustmentsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('balance_adjustment as adjustment')
    .innerJoin('user_account as user', 'user.id', 'adjustment.user_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'adjustment.currency_id')
    .innerJoin('staff_member as requester', 'requester.id', 'adjustment.requested_by')
    .leftJoin('staff_member as reviewer', 'reviewer.id', 'adjustment.reviewed_by')
    .select([
      'requester.username as requester_username',
      'reviewer.username as reviewer_username',
      'adjustment.id',
      'adjustment.user_id',
      'user.user_account',
      'adjustment.currency_id',
      'currency.currency_name',
      'adjustment.scale',
      unitsText('adjustment.amount_units', 'amount'),
      'adjustment.reason',
      'adjustment.status',
      'adjustment.requested_by',
      'adjustment.requested_at',
      'adjustment.reviewed_by',
      'adjustment.reviewed_at',
      'adjustment.review_reason',
      'adjustment.entry_id',
    ]);
}

type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof adjustmentsWithNames>['executeTakeFirstOrThrow']>>;

export function adjustmentRecord(row: AdjustmentRow): operatorCustomers.AdjustmentRecord {
  return {
    id: row.id,
    userId: row.user_id,
    userAccount: row.user_account,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    amount: formatDecimal(BigInt(row.amount), row.scale),
    reason: row.reason,
    status: row.status,
    requestedByStaffId: row.requested_by,
    requestedByUsername: row.requester_username,
    requestedAt: Number(row.requested_at),
    reviewedByStaffId: row.reviewed_by,
    reviewedByUsername: row.reviewer_username,
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reviewReason: row.review_reason,
    entryId: row.entry_id,
  };
}

/** One adjustment as the operator API shows it, with its amount in units at its scale, or undefined. */
export async function findAdjustment(
  db: Kysely<Database>,
  id: number,
): Promise<{ record: operatorCustomers.AdjustmentRecord; units: bigint; scale: number } | undefined> {
  const row = await adjustmentsWithNames(db).where('adjustment.id', '=', id).executeTakeFirst();
  return row ? { record: adjustmentRecord(row), units: BigInt(row.amount), scale: row.scale } : undefined;
}

/** `GET operator/adjustments`: newest first; status and customer filter. */
export async function listAdjustments(
  db: Kysely<Database>,
  query: PageRequest & { status?: number | undefined; userId?: number | undefined },
): Promise<{ rows: operatorCustomers.AdjustmentRecord[]; total: number }> {
  let filtered = db.selectFrom('balance_adjustment as adjustment');
  if (query.status !== undefined) filtered = filtered.where('adjustment.status', '=', query.status);
  if (query.userId !== undefined) filtered = filtered.where('adjustment.user_id', '=', query.userId);
  const ids = filtered.select('adjustment.id');
  const { rows, total } = await pageWithTotal(
    adjustmentsWithNames(db)
      .where('adjustment.id', 'in', ids)
      .orderBy('adjustment.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
    filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: rows.map(adjustmentRecord), total };
}
