import { spot, type Book } from '@kestrel/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { bigintValue, optionalNumber, requiredUnits, units, unitsColumnsText, type Row } from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import { UNSOLD_SPOT_ORDER_COLUMNS } from '../../core/spot-holding';
import { TRADE_PRODUCT_COLUMNS, tradeProductOf, tradeProductValues, type TradeRecordProduct } from './trade-record';

/** A spot order as the service works with it: money, prices and quantities as bigint units. */
export interface SpotOrderRecord extends TradeRecordProduct {
  quantity: bigint;
  buyPrice: bigint;
  buyAmount: bigint;
  buyFeeRate: string;
  buyFee: bigint;
  buyTickId: string;
  buyTickSource: string;
  buyEntryId: number | null;
  buyTime: number;
  status: number;
  sellPrice: bigint | null;
  sellAmount: bigint | null;
  sellFeeRate: string | null;
  sellFee: bigint | null;
  sellTickId: string | null;
  sellTickSource: string | null;
  sellEntryId: number | null;
  sellTime: number | null;
  realizedPnl: bigint | null;
}

const MONEY_COLUMNS = [
  'quantity_units',
  'buy_price_units',
  'buy_amount_units',
  'buy_fee_units',
  'sell_price_units',
  'sell_amount_units',
  'sell_fee_units',
  'realized_pnl_units',
] as const;

const PLAIN_COLUMNS = [
  ...TRADE_PRODUCT_COLUMNS,
  'buy_fee_rate',
  'buy_tick_id',
  'buy_tick_source',
  'buy_entry_id',
  'buy_time',
  'status',
  'sell_fee_rate',
  'sell_tick_id',
  'sell_tick_source',
  'sell_entry_id',
  'sell_time',
] as const;

function selectOrders(db: Kysely<Database>) {
  return db.selectFrom('spot_order').select(PLAIN_COLUMNS).select(unitsColumnsText(MONEY_COLUMNS));
}

function toRecord(row: Row): SpotOrderRecord {
  return {
    ...tradeProductOf(row),
    quantity: requiredUnits(row.quantity_units),
    buyPrice: requiredUnits(row.buy_price_units),
    buyAmount: requiredUnits(row.buy_amount_units),
    buyFeeRate: String(row.buy_fee_rate),
    buyFee: requiredUnits(row.buy_fee_units),
    buyTickId: String(row.buy_tick_id),
    buyTickSource: String(row.buy_tick_source),
    buyEntryId: optionalNumber(row.buy_entry_id),
    buyTime: Number(row.buy_time),
    status: Number(row.status),
    sellPrice: units(row.sell_price_units),
    sellAmount: units(row.sell_amount_units),
    sellFeeRate: (row.sell_fee_rate as string | null) ?? null,
    sellFee: units(row.sell_fee_units),
    sellTickId: (row.sell_tick_id as string | null) ?? null,
    sellTickSource: (row.sell_tick_source as string | null) ?? null,
    sellEntryId: optionalNumber(row.sell_entry_id),
    sellTime: optionalNumber(row.sell_time),
    realizedPnl: units(row.realized_pnl_units),
  };
}

/** What buying writes: an order before it has an id, an entry or a sale. */
export type NewSpotOrder = Omit<
  SpotOrderRecord,
  | 'id'
  | 'buyEntryId'
  | 'status'
  | 'sellPrice'
  | 'sellAmount'
  | 'sellFeeRate'
  | 'sellFee'
  | 'sellTickId'
  | 'sellTickSource'
  | 'sellEntryId'
  | 'sellTime'
  | 'realizedPnl'
>;

export async function insertSpotOrder(db: Kysely<Database>, order: NewSpotOrder): Promise<number> {
  const row = await db
    .insertInto('spot_order')
    .values({
      ...tradeProductValues(order),
      quantity_units: bigintValue(order.quantity),
      buy_price_units: bigintValue(order.buyPrice),
      buy_amount_units: bigintValue(order.buyAmount),
      buy_fee_rate: order.buyFeeRate,
      buy_fee_units: bigintValue(order.buyFee),
      buy_tick_id: order.buyTickId,
      buy_tick_source: order.buyTickSource,
      buy_entry_id: null,
      buy_time: order.buyTime,
      ...UNSOLD_SPOT_ORDER_COLUMNS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setBuyEntry(db: Kysely<Database>, orderId: number, entryId: number): Promise<void> {
  await db.updateTable('spot_order').set({ buy_entry_id: entryId }).where('id', '=', orderId).execute();
}

export async function setSellEntry(db: Kysely<Database>, orderId: number, entryId: number): Promise<void> {
  await db.updateTable('spot_order').set({ sell_entry_id: entryId }).where('id', '=', orderId).execute();
}

export async function findOwnSpotOrder(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  orderId: number,
): Promise<SpotOrderRecord | undefined> {
  const row = await selectOrders(db)
    .where('id', '=', orderId)
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function listOwnSpotOrders(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  filter: { status?: number; productCode?: string },
  page: PageRequest,
): Promise<{ rows: SpotOrderRecord[]; total: number }> {
  let base = db.selectFrom('spot_order').where('user_id', '=', owner.userId).where('book', '=', owner.book);
  let rows = selectOrders(db).where('user_id', '=', owner.userId).where('book', '=', owner.book);
  if (filter.status !== undefined) {
    base = base.where('status', '=', filter.status);
    rows = rows.where('status', '=', filter.status);
  }
  if (filter.productCode !== undefined) {
    base = base.where('product_code', '=', filter.productCode);
    rows = rows.where('product_code', '=', filter.productCode);
  }
  const found = await pageWithTotal(
    rows.orderBy('id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: found.rows.map(toRecord), total: found.total };
}

/** An owner's held orders, oldest first, at most `limit` (the per-customer bound). */
export async function heldSpotOrders(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  limit: number,
): Promise<SpotOrderRecord[]> {
  const rows = await selectOrders(db)
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('status', '=', spot.SPOT_ORDER_STATUS.held)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

export async function countHeldSpotOrders(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
): Promise<number> {
  const row = await db
    .selectFrom('spot_order')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('status', '=', spot.SPOT_ORDER_STATUS.held)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface SpotSale {
  sellPrice: bigint;
  sellAmount: bigint;
  sellFeeRate: string;
  sellFee: bigint;
  sellTickId: string;
  sellTickSource: string;
  sellTime: number;
  realizedPnl: bigint;
}

/** Marks a held order sold; conditional, so of two sales racing for one order exactly one wins. */
export async function markSold(db: Kysely<Database>, orderId: number, sale: SpotSale): Promise<boolean> {
  const result = await db
    .updateTable('spot_order')
    .set({
      status: spot.SPOT_ORDER_STATUS.sold,
      sell_price_units: bigintValue(sale.sellPrice),
      sell_amount_units: bigintValue(sale.sellAmount),
      sell_fee_rate: sale.sellFeeRate,
      sell_fee_units: bigintValue(sale.sellFee),
      sell_tick_id: sale.sellTickId,
      sell_tick_source: sale.sellTickSource,
      sell_time: sale.sellTime,
      realized_pnl_units: bigintValue(sale.realizedPnl),
    })
    .where('id', '=', orderId)
    .where('status', '=', spot.SPOT_ORDER_STATUS.held)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
