import { sql, type Kysely } from 'kysely';
import { staking } from '@kestrel/contract';
import { STAKING_DAY_MS, stakingAccrual, stakingMaturity, type ActorType } from '@kestrel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { bigintValue } from '../../core/columns';
import { changeCommitment, orderForUpdate } from './staking-repository';
import { postStakingEntry, STAKING_JOB, STAKING_REASONS } from './staking-entries';

const { STAKING_ORDER_STATUS } = staking;

/** Active orders one run reads per page, and in all: what is left is the next period's. */
export const ACCRUAL_PAGE_SIZE = 200;
export const ACCRUAL_ORDERS_PER_RUN_MAX = 20_000;

const SYSTEM = { type: 'system' as ActorType, id: STAKING_JOB };

/**
 * Pays the next unpaid day of an order if it ended by `asOf`, inside the caller's transaction, and
 * answers whether it paid. The order moves from k-1 to k days by a conditional update first, so a
 * second runner, a run restarted half-way or a redemption that already paid the day finds nothing to
 * move; the (order, day) key of staking_accrual stands behind it. Then, in the same transaction:
 * the commitment drops by the yield (before the reserve moves: see changeCommitment), one entry
 * moves the yield from the reserve to the customer's staking_yield, and the day's row records it.
 */
export async function payNextDay(
  transaction: Kysely<Database>,
  dialect: DialectName,
  orderId: number,
  asOf: number,
  now: number,
): Promise<boolean> {
  const order = await orderForUpdate(transaction, orderId, { lock: null });
  if (!order) return false;
  const accrual = stakingAccrual(order.state, order.state.daysAccrued + 1, asOf);
  if (!accrual) return false;
  const moved = await transaction
    .updateTable('staking_order')
    .set({ days_accrued: accrual.daysAccrued, accrued_units: bigintValue(accrual.accrued) })
    .where('id', '=', orderId)
    .where('status', '=', STAKING_ORDER_STATUS.active)
    .where('days_accrued', '=', accrual.day - 1)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await changeCommitment(transaction, dialect, { book: order.book, currencyId: order.currencyId }, accrual.commitment);
  const entryId = await postStakingEntry(
    transaction,
    {
      reasonCode: STAKING_REASONS.yield,
      orderId,
      actor: SYSTEM,
      memo: accrual.memo,
      userId: order.userId,
      book: order.book,
      currencyId: order.currencyId,
      moves: accrual.moves,
    },
    now,
  );
  await transaction
    .insertInto('staking_accrual')
    .values({
      order_id: orderId,
      day: accrual.day,
      yield_units: bigintValue(accrual.yield),
      entry_id: entryId,
      created_at: now,
    })
    .execute();
  return true;
}

/**
 * Pays out a matured order (every day paid, the maturity time reached by `asOf`) inside the caller's
 * transaction, answering whether it did: status 0 -> 1 by a conditional update, then one entry
 * returning principal and yield to available.
 */
export async function matureOrder(
  transaction: Kysely<Database>,
  orderId: number,
  asOf: number,
  now: number,
  actor: { type: ActorType; id: string } = SYSTEM,
): Promise<boolean> {
  const order = await orderForUpdate(transaction, orderId, { lock: null });
  if (!order) return false;
  const maturity = stakingMaturity(order.state, asOf);
  if (!maturity) return false;
  const moved = await transaction
    .updateTable('staking_order')
    .set({ status: STAKING_ORDER_STATUS.matured, payout_units: bigintValue(maturity.payout), end_time: now })
    .where('id', '=', orderId)
    .where('status', '=', STAKING_ORDER_STATUS.active)
    .where('days_accrued', '=', order.state.termDays)
    .where('maturity_time', '<=', asOf)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const entryId = await postStakingEntry(
    transaction,
    {
      reasonCode: STAKING_REASONS.matured,
      orderId,
      actor,
      memo: '',
      userId: order.userId,
      book: order.book,
      currencyId: order.currencyId,
      moves: maturity.moves,
    },
    now,
  );
  await transaction.updateTable('staking_order').set({ end_entry_id: entryId }).where('id', '=', orderId).execute();
  return true;
}

export interface AccrualSummary {
  orders: number;
  days: number;
  matured: number;
  failed: number;
}

/**
 * One order's due work as of `asOf`: each day in its own transaction, then the maturity in its own.
 * Bounded by the term (at most term_days + 1 transactions).
 */
async function settleOrder(
  db: Kysely<Database>,
  dialect: DialectName,
  orderId: number,
  termDays: number,
  asOf: number,
  clock: () => number,
): Promise<{ days: number; matured: boolean }> {
  let days = 0;
  for (let attempt = 0; attempt < termDays; attempt += 1) {
    const paid = await db
      .transaction()
      .execute((transaction) => payNextDay(transaction, dialect, orderId, asOf, clock()));
    if (!paid) break;
    days += 1;
  }
  const matured = await db.transaction().execute((transaction) => matureOrder(transaction, orderId, asOf, clock()));
  return { days, matured };
}

/**
 * The periodic job's run: every active order, in pages by id, pays each day whose end is at or before
 * `asOf` (not the real clock), then matures if due. An order that fails is logged and left for the
 * next period's run; the others go on.
 */
export async function runStakingAccrual(
  db: Kysely<Database>,
  dialect: DialectName,
  asOf: number,
  clock: () => number,
  log: FastifyBaseLogger,
): Promise<AccrualSummary> {
  const summary: AccrualSummary = { orders: 0, days: 0, matured: 0, failed: 0 };
  let after = 0;
  while (summary.orders < ACCRUAL_ORDERS_PER_RUN_MAX) {
    const page = await db
      .selectFrom('staking_order')
      .select(['id', 'term_days'])
      .where('status', '=', STAKING_ORDER_STATUS.active)
      .where('id', '>', after)
      // Only orders with work due: a day that has ended and is unpaid, or a maturity that has come.
      .where(
        sql<boolean>`((days_accrued < term_days and start_time + (days_accrued + 1) * cast(${STAKING_DAY_MS} as bigint) <= ${asOf})
          or (days_accrued = term_days and maturity_time <= ${asOf}))`,
      )
      .orderBy('id')
      .limit(Math.min(ACCRUAL_PAGE_SIZE, ACCRUAL_ORDERS_PER_RUN_MAX - summary.orders))
      .execute();
    if (page.length === 0) break;
    for (const order of page) {
      after = order.id;
      summary.orders += 1;
      try {
        const settled = await settleOrder(db, dialect, order.id, order.term_days, asOf, clock);
        summary.days += settled.days;
        if (settled.matured) summary.matured += 1;
      } catch (error) {
        summary.failed += 1;
        log.error({ err: error, orderId: order.id }, 'staking accrual failed for an order');
      }
    }
  }
  return summary;
}
