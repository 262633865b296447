import type { Book } from '@kestrel/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  bigintValue,
  optionalBigintValue,
  optionalNumber,
  requiredUnits,
  units,
  unitsColumnsText,
  type Row,
} from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import { TRADE_PRODUCT_COLUMNS, tradeProductOf, tradeProductValues, type TradeRecordProduct } from './trade-record';

/** A contract position as the service works with it: money, prices and quantities as bigint units. */
export interface PositionRecord extends TradeRecordProduct {
  /** 0 long, 1 short. */
  direction: number;
  leverage: number;
  quantity: bigint;
  openPrice: bigint;
  notional: bigint;
  margin: bigint;
  openFeeRate: string;
  openFee: bigint;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
  liquidationMethod: number;
  liquidationRatio: string;
  lossLimit: bigint;
  liquidationPrice: bigint | null;
  openTickId: string;
  openTickSource: string;
  openEntryId: number | null;
  openTime: number;
  closableTime: number;
  /** The time of the tick TP/SL were last checked against (at open, the open tick's); later ticks fire them. */
  levelsSetAt: number;
  status: number;
  closePrice: bigint | null;
  closeFeeRate: string | null;
  closeFee: bigint | null;
  closeTickId: string | null;
  closeTickSource: string | null;
  closeReason: string | null;
  closeEntryId: number | null;
  closeTime: number | null;
  realizedPnl: bigint | null;
  settled: bigint | null;
}

export const POSITION_STATUS_OPEN = 0;
export const POSITION_STATUS_CLOSED = 1;

const MONEY_COLUMNS = [
  'quantity_units',
  'open_price_units',
  'notional_units',
  'margin_units',
  'open_fee_units',
  'stop_profit_units',
  'stop_loss_units',
  'loss_limit_units',
  'liquidation_price_units',
  'close_price_units',
  'close_fee_units',
  'realized_pnl_units',
  'settled_units',
] as const;

const PLAIN_COLUMNS = [
  ...TRADE_PRODUCT_COLUMNS,
  'direction',
  'leverage',
  'open_fee_rate',
  'liquidation_method',
  'liquidation_ratio',
  'open_tick_id',
  'open_tick_source',
  'open_entry_id',
  'open_time',
  'closable_time',
  'levels_set_at',
  'status',
  'close_fee_rate',
  'close_tick_id',
  'close_tick_source',
  'close_reason',
  'close_entry_id',
  'close_time',
] as const;

/** Units leave the database as text, so no driver turns them into a floating-point Number. */
function selectPositions(db: Kysely<Database>) {
  return db.selectFrom('contract_position').select(PLAIN_COLUMNS).select(unitsColumnsText(MONEY_COLUMNS));
}

function toRecord(row: Row): PositionRecord {
  return {
    ...tradeProductOf(row),
    direction: Number(row.direction),
    leverage: Number(row.leverage),
    quantity: requiredUnits(row.quantity_units),
    openPrice: requiredUnits(row.open_price_units),
    notional: requiredUnits(row.notional_units),
    margin: requiredUnits(row.margin_units),
    openFeeRate: String(row.open_fee_rate),
    openFee: requiredUnits(row.open_fee_units),
    stopProfit: units(row.stop_profit_units),
    stopLoss: units(row.stop_loss_units),
    liquidationMethod: Number(row.liquidation_method),
    liquidationRatio: String(row.liquidation_ratio),
    lossLimit: requiredUnits(row.loss_limit_units),
    liquidationPrice: units(row.liquidation_price_units),
    openTickId: String(row.open_tick_id),
    openTickSource: String(row.open_tick_source),
    openEntryId: optionalNumber(row.open_entry_id),
    openTime: Number(row.open_time),
    closableTime: Number(row.closable_time),
    levelsSetAt: Number(row.levels_set_at ?? row.open_time),
    status: Number(row.status),
    closePrice: units(row.close_price_units),
    closeFeeRate: (row.close_fee_rate as string | null) ?? null,
    closeFee: units(row.close_fee_units),
    closeTickId: (row.close_tick_id as string | null) ?? null,
    closeTickSource: (row.close_tick_source as string | null) ?? null,
    closeReason: (row.close_reason as string | null) ?? null,
    closeEntryId: optionalNumber(row.close_entry_id),
    closeTime: optionalNumber(row.close_time),
    realizedPnl: units(row.realized_pnl_units),
    settled: units(row.settled_units),
  };
}

/** What opening writes: a position before it has an id, an entry or a close. */
export type NewPosition = Omit<
  PositionRecord,
  | 'id'
  | 'openEntryId'
  | 'status'
  | 'closePrice'
  | 'closeFeeRate'
  | 'closeFee'
  | 'closeTickId'
  | 'closeTickSource'
  | 'closeReason'
  | 'closeEntryId'
  | 'closeTime'
  | 'realizedPnl'
  | 'settled'
>;

export async function insertPosition(db: Kysely<Database>, position: NewPosition): Promise<number> {
  const row = await db
    .insertInto('contract_position')
    .values({
      ...tradeProductValues(position),
      direction: position.direction,
      leverage: position.leverage,
      quantity_units: bigintValue(position.quantity),
      open_price_units: bigintValue(position.openPrice),
      notional_units: bigintValue(position.notional),
      margin_units: bigintValue(position.margin),
      open_fee_rate: position.openFeeRate,
      open_fee_units: bigintValue(position.openFee),
      stop_profit_units: optionalBigintValue(position.stopProfit),
      stop_loss_units: optionalBigintValue(position.stopLoss),
      liquidation_method: position.liquidationMethod,
      liquidation_ratio: position.liquidationRatio,
      loss_limit_units: bigintValue(position.lossLimit),
      liquidation_price_units: optionalBigintValue(position.liquidationPrice),
      open_tick_id: position.openTickId,
      open_tick_source: position.openTickSource,
      open_entry_id: null,
      open_time: position.openTime,
      closable_time: position.closableTime,
      levels_set_at: position.levelsSetAt,
      status: POSITION_STATUS_OPEN,
      close_price_units: null,
      close_fee_rate: null,
      close_fee_units: null,
      close_tick_id: null,
      close_tick_source: null,
      close_reason: null,
      close_entry_id: null,
      close_time: null,
      realized_pnl_units: null,
      settled_units: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setOpenEntry(db: Kysely<Database>, positionId: number, entryId: number): Promise<void> {
  await db.updateTable('contract_position').set({ open_entry_id: entryId }).where('id', '=', positionId).execute();
}

export async function findPosition(db: Kysely<Database>, positionId: number): Promise<PositionRecord | undefined> {
  const row = await selectPositions(db).where('id', '=', positionId).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The positions of these ids that exist, in id order (a tick's trigger closes read their batch in one statement). */
export async function findPositions(db: Kysely<Database>, positionIds: readonly number[]): Promise<PositionRecord[]> {
  if (positionIds.length === 0) return [];
  const rows = await selectPositions(db).where('id', 'in', positionIds).orderBy('id').execute();
  return rows.map(toRecord);
}

/** One of an owner's positions; another customer's (or another book's) is "not found". */
export async function findOwnPosition(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  positionId: number,
): Promise<PositionRecord | undefined> {
  const row = await selectPositions(db)
    .where('id', '=', positionId)
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export interface PositionFilter {
  status?: number;
  productCode?: string;
}

export async function listOwnPositions(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  filter: PositionFilter,
  page: PageRequest,
): Promise<{ rows: PositionRecord[]; total: number }> {
  let base = db.selectFrom('contract_position').where('user_id', '=', owner.userId).where('book', '=', owner.book);
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  if (filter.productCode !== undefined) base = base.where('product_code', '=', filter.productCode);
  let rows = selectPositions(db).where('user_id', '=', owner.userId).where('book', '=', owner.book);
  if (filter.status !== undefined) rows = rows.where('status', '=', filter.status);
  if (filter.productCode !== undefined) rows = rows.where('product_code', '=', filter.productCode);
  const found = await pageWithTotal(
    rows.orderBy('id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: found.rows.map(toRecord), total: found.total };
}

/** An owner's open positions, oldest first, at most `limit` (the per-customer bound). */
export async function openPositionsOf(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  limit: number,
  productCode?: string,
): Promise<PositionRecord[]> {
  let query = selectPositions(db)
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('status', '=', POSITION_STATUS_OPEN);
  if (productCode !== undefined) query = query.where('product_code', '=', productCode);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map(toRecord);
}

export async function countOpenPositions(db: Kysely<Database>, owner: { userId: number; book: Book }): Promise<number> {
  const row = await db
    .selectFrom('contract_position')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('status', '=', POSITION_STATUS_OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Open positions with id > afterId, in id order: the trigger index is rebuilt page by page. */
export async function openPositionsPage(
  db: Kysely<Database>,
  afterId: number,
  pageSize: number,
): Promise<PositionRecord[]> {
  const rows = await selectPositions(db)
    .where('status', '=', POSITION_STATUS_OPEN)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(pageSize)
    .execute();
  return rows.map(toRecord);
}

/** Open positions of one product, by id, a page at a time (a trigger owner taking the product over). */
export async function openPositionsOfProductPage(
  db: Kysely<Database>,
  productCode: string,
  afterId: number,
  pageSize: number,
): Promise<PositionRecord[]> {
  const rows = await selectPositions(db)
    .where('status', '=', POSITION_STATUS_OPEN)
    .where('product_code', '=', productCode)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(pageSize)
    .execute();
  return rows.map(toRecord);
}

/** Open positions whose levels were set at or after `sinceTime`, at most `limit`, oldest change first. */
export async function openPositionsSetSince(
  db: Kysely<Database>,
  sinceTime: number,
  limit: number,
): Promise<PositionRecord[]> {
  const rows = await selectPositions(db)
    .where('status', '=', POSITION_STATUS_OPEN)
    .where('levels_set_at', '>=', sinceTime)
    .orderBy('levels_set_at')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

export interface PositionClose {
  closePrice: bigint;
  closeFeeRate: string;
  closeFee: bigint;
  closeTickId: string;
  closeTickSource: string;
  closeReason: string;
  closeTime: number;
  realizedPnl: bigint;
  settled: bigint;
}

/**
 * Marks an open position closed. Conditional on it still being open, so of two closes racing for
 * one position exactly one changes the row; the other gets false and must roll back.
 */
export async function markClosed(db: Kysely<Database>, positionId: number, close: PositionClose): Promise<boolean> {
  const result = await db
    .updateTable('contract_position')
    .set({
      status: POSITION_STATUS_CLOSED,
      close_price_units: optionalBigintValue(close.closePrice),
      close_fee_rate: close.closeFeeRate,
      close_fee_units: optionalBigintValue(close.closeFee),
      close_tick_id: close.closeTickId,
      close_tick_source: close.closeTickSource,
      close_reason: close.closeReason,
      close_time: close.closeTime,
      realized_pnl_units: optionalBigintValue(close.realizedPnl),
      settled_units: optionalBigintValue(close.settled),
    })
    .where('id', '=', positionId)
    .where('status', '=', POSITION_STATUS_OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCloseEntry(db: Kysely<Database>, positionId: number, entryId: number): Promise<void> {
  await db.updateTable('contract_position').set({ close_entry_id: entryId }).where('id', '=', positionId).execute();
}

/** Replaces TP/SL (and the liquidation level, which does not change) while the position is open. */
export async function updateStops(
  db: Kysely<Database>,
  positionId: number,
  stops: { stopProfit: bigint | null; stopLoss: bigint | null },
  setAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('contract_position')
    .set({
      stop_profit_units: optionalBigintValue(stops.stopProfit),
      stop_loss_units: optionalBigintValue(stops.stopLoss),
      levels_set_at: setAt,
    })
    .where('id', '=', positionId)
    .where('status', '=', POSITION_STATUS_OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
