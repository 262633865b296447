import { sql, type Kysely } from 'kysely';
import { notionalOf, startOfUtcDay } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { Book } from '../ledger/accounts';
import { openPositionsOf } from './position-repository';
import { HELD_SPOT_ORDERS_MAX, OPEN_POSITIONS_MAX } from './position-stream';
import { heldSpotOrders } from './spot-repository';
import { floatingPnl, livePrice, recordScales } from './trade-views';

/** Realized and floating PnL of a customer's spot holdings and contract positions, in USDT units (scale 8). */
export interface PositionSummary {
  profitAndLoseUnits: bigint;
  profitAndLoseTodayUnits: bigint;
}

async function realized(
  db: Kysely<Database>,
  table: 'contract_position' | 'spot_order',
  owner: { userId: number; book: Book },
  since: number | null,
): Promise<bigint> {
  const closedAt = table === 'contract_position' ? 'close_time' : 'sell_time';
  let query = db
    .selectFrom(table)
    .select(sql<string>`cast(coalesce(sum(realized_pnl_units), 0) as text)`.as('total'))
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('status', '=', 1);
  if (since !== null) query = query.where(closedAt, '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * profitAndLose: realized PnL of every closed contract (fees excluded, as on the position) and every
 * sold spot order (fees included: net proceeds - cost), plus the floating PnL of the open ones at the
 * live price. profitAndLoseToday: the same realized PnL, counting only what closed or sold since
 * 00:00 UTC today, plus the same floating PnL of the open ones (an open position's PnL is "today's"
 * until it closes). Both are in the trade currency (USDT) at scale 8.
 */
export async function positionSummary(context: AppContext, userId: number, book: Book): Promise<PositionSummary> {
  const { db } = context.database;
  const owner = { userId, book };
  const today = startOfUtcDay(context.clock());
  let floating = 0n;
  for (const position of await openPositionsOf(db, owner, OPEN_POSITIONS_MAX)) {
    const price = livePrice(context.market, position.productCode);
    if (price !== null) floating += floatingPnl(position, price);
  }
  for (const order of await heldSpotOrders(db, owner, HELD_SPOT_ORDERS_MAX)) {
    const price = livePrice(context.market, order.productCode);
    if (price === null) continue;
    floating += notionalOf(price, order.quantity, recordScales(order), 'down') - order.buyAmount - order.buyFee;
  }
  const allTime =
    (await realized(db, 'contract_position', owner, null)) + (await realized(db, 'spot_order', owner, null));
  const sinceToday =
    (await realized(db, 'contract_position', owner, today)) + (await realized(db, 'spot_order', owner, today));
  return { profitAndLoseUnits: allTime + floating, profitAndLoseTodayUnits: sinceToday + floating };
}
