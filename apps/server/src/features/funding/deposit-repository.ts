import { sql, type Kysely } from 'kysely';
import type { funding } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset } from '../../core/paging';

type OperatorDepositRecord = ReturnType<typeof toRecord>;

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('deposit_order as deposit')
    .innerJoin('platform_currency as currency', 'currency.id', 'deposit.currency_id')
    .innerJoin('user_account as customer', 'customer.id', 'deposit.user_id')
    .leftJoin('recharge_channel_config as channel', 'channel.id', 'deposit.channel_id')
    .select([
      'deposit.id',
      'deposit.user_id',
      'deposit.book',
      'deposit.channel_id',
      'deposit.currency_id',
      // Money leaves the database as text so no driver turns it into a floating-point Number.
      unitsText('deposit.amount_units', 'amount'),
      'deposit.proof_image_key',
      'deposit.status',
      'deposit.reviewer_staff_id',
      'deposit.review_reason',
      'deposit.created_at',
      'deposit.reviewed_at',
      'currency.currency_name',
      'currency.scale',
      'customer.user_account',
      'channel.channel_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRecord(row: Row) {
  const record: funding.DepositRecord = {
    id: row.id,
    payChannelId: row.channel_id,
    channelName: row.channel_name ?? '',
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    rechargeAmount: formatDecimal(BigInt(row.amount), row.scale),
    rechargeImg: row.proof_image_key ? `/uploads/${row.proof_image_key}` : '',
    status: row.status,
    reviewReason: row.review_reason,
    demo: row.book === 'demo' ? 1 : 0,
    createTime: Number(row.created_at),
    reviewTime: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
  return { ...record, userId: row.user_id, userAccount: row.user_account, reviewerStaffId: row.reviewer_staff_id };
}

/** What the customer sees: no staff ids, no other customer's fields. */
export function customerView(record: OperatorDepositRecord): funding.DepositRecord {
  const { userId: _userId, userAccount: _userAccount, reviewerStaffId: _reviewer, ...customer } = record;
  return customer;
}

/** One deposit; with `userId`, only if it is that customer's (another's id reads as unknown). */
export async function findDeposit(
  db: Kysely<Database>,
  id: number,
  userId?: number,
): Promise<OperatorDepositRecord | undefined> {
  let query = baseQuery(db).where('deposit.id', '=', id);
  if (userId !== undefined) query = query.where('deposit.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

/** A customer's deposits, newest first. */
export async function customerDeposits(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: funding.DepositRecord[]; total: number }> {
  const rows = await baseQuery(db)
    .where('deposit.user_id', '=', userId)
    .orderBy('deposit.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const count = await db
    .selectFrom('deposit_order')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map((row) => customerView(toRecord(row))), total: Number(count.total) };
}

/** Every customer's deposits for staff, oldest first (the review queue), optionally of one status. */
export async function operatorDeposits(
  db: Kysely<Database>,
  filter: { status?: number | undefined; pageNum: number; pageSize: number },
): Promise<{ rows: OperatorDepositRecord[]; total: number }> {
  let query = baseQuery(db);
  let count = db.selectFrom('deposit_order').select(sql<number>`count(*)`.as('total'));
  if (filter.status !== undefined) {
    query = query.where('deposit.status', '=', filter.status);
    count = count.where('status', '=', filter.status);
  }
  const rows = await query.orderBy('deposit.id', 'asc').limit(filter.pageSize).offset(pageOffset(filter)).execute();
  const counted = await count.executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), total: Number(counted.total) };
}
