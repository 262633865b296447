import { sql, type Kysely } from 'kysely';
import { funding } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset } from '../../core/paging';

const { WITHDRAWAL_STATUS } = funding;

type OperatorWithdrawalRecord = ReturnType<typeof toRecord>;

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('withdrawal_order as withdrawal')
    .innerJoin('platform_currency as currency', 'currency.id', 'withdrawal.currency_id')
    .innerJoin('user_account as customer', 'customer.id', 'withdrawal.user_id')
    .leftJoin('withdraw_channel_config as channel', 'channel.id', 'withdrawal.channel_id')
    .select([
      'withdrawal.id',
      'withdrawal.user_id',
      'withdrawal.channel_id',
      'withdrawal.currency_id',
      unitsText('withdrawal.amount_units', 'amount'),
      unitsText('withdrawal.fee_units', 'fee'),
      unitsText('withdrawal.net_units', 'net'),
      'withdrawal.destination_kind',
      'withdrawal.destination_id',
      'withdrawal.destination_reference',
      'withdrawal.status',
      'withdrawal.reviewer_staff_id',
      'withdrawal.review_reason',
      'withdrawal.created_at',
      'withdrawal.reviewed_at',
      'withdrawal.cancelled_at',
      'currency.currency_name',
      'currency.scale',
      'customer.user_account',
      'channel.channel_name',
      // The review queue is every pending withdrawal, oldest first; the index (status, id) serves it.
      sql<number | string | null>`case when withdrawal.status = ${WITHDRAWAL_STATUS.pending} then (
        select count(*) from withdrawal_order queued
        where queued.status = ${WITHDRAWAL_STATUS.pending} and queued.id <= withdrawal.id) end`.as('queue_position'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRecord(row: Row) {
  const record: funding.WithdrawalRecord = {
    id: row.id,
    withdrawChannelConfigId: row.channel_id,
    channelName: row.channel_name ?? '',
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    withdrawAmount: formatDecimal(BigInt(row.amount), row.scale),
    fee: formatDecimal(BigInt(row.fee), row.scale),
    netAmount: formatDecimal(BigInt(row.net), row.scale),
    withdrawAddressId: row.destination_id,
    destinationKind: row.destination_kind,
    destination: row.destination_reference,
    status: row.status,
    queuePosition: row.queue_position === null ? null : Number(row.queue_position),
    reviewReason: row.review_reason,
    createTime: Number(row.created_at),
    reviewTime: row.reviewed_at === null ? null : Number(row.reviewed_at),
    cancelTime: row.cancelled_at === null ? null : Number(row.cancelled_at),
  };
  return { ...record, userId: row.user_id, userAccount: row.user_account, reviewerStaffId: row.reviewer_staff_id };
}

export function customerView(record: OperatorWithdrawalRecord): funding.WithdrawalRecord {
  const { userId: _userId, userAccount: _userAccount, reviewerStaffId: _reviewer, ...customer } = record;
  return customer;
}

/** One withdrawal; with `userId`, only if it is that customer's. */
export async function findWithdrawal(
  db: Kysely<Database>,
  id: number,
  userId?: number,
): Promise<OperatorWithdrawalRecord | undefined> {
  let query = baseQuery(db).where('withdrawal.id', '=', id);
  if (userId !== undefined) query = query.where('withdrawal.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

export async function customerWithdrawals(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: funding.WithdrawalRecord[]; total: number }> {
  const rows = await baseQuery(db)
    .where('withdrawal.user_id', '=', userId)
    .orderBy('withdrawal.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const count = await db
    .selectFrom('withdrawal_order')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map((row) => customerView(toRecord(row))), total: Number(count.total) };
}

export async function operatorWithdrawals(
  db: Kysely<Database>,
  filter: { status?: number | undefined; pageNum: number; pageSize: number },
): Promise<{ rows: OperatorWithdrawalRecord[]; total: number }> {
  let query = baseQuery(db);
  let count = db.selectFrom('withdrawal_order').select(sql<number>`count(*)`.as('total'));
  if (filter.status !== undefined) {
    query = query.where('withdrawal.status', '=', filter.status);
    count = count.where('status', '=', filter.status);
  }
  const rows = await query.orderBy('withdrawal.id', 'asc').limit(filter.pageSize).offset(pageOffset(filter)).execute();
  const counted = await count.executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), total: Number(counted.total) };
}

/** The customer's withdrawals on a channel since `since`, cancelled ones not counted. */
export async function countWithdrawalsSince(
  db: Kysely<Database>,
  userId: number,
  channelId: number,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_order')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', userId)
    .where('channel_id', '=', channelId)
    .where('created_at', '>=', since)
    .where('status', '!=', WITHDRAWAL_STATUS.cancelled)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
