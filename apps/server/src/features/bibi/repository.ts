/**
 * SQL of features/bibi. Every function takes the database or the caller's transaction; money columns
 * leave the database as text (CAST ... AS TEXT) and become bigints here, never Numbers.
 */
import { sql, type Kysely } from 'kysely';
import type { OrderSide } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { bigintValue, nullableUnitsText, unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal } from '../../core/paging';

/** IN lists are sent in chunks of this many ids (TIGER_STYLE: bounded statements). */
const IN_LIST_MAX = 500;
/** Commands read per page while replaying a log. */
export const REPLAY_PAGE_ROWS = 2_000;

export const ORDER_STATUS = { open: 0, filled: 1, cancelled: 2, expired: 3 } as const;

export interface OrderRow {
  id: number;
  productCode: string;
  bookOrderId: number | null;
  userId: number;
  side: OrderSide;
  orderMethod: number;
  timeInForce: string;
  postOnly: number;
  priceScale: number;
  volumeScale: number;
  quoteScale: number;
  price: bigint | null;
  volume: bigint | null;
  quoteBudget: bigint | null;
  filledVolume: bigint;
  filledAmount: bigint;
  remainingVolume: bigint;
  fee: bigint;
  frozenCurrencyId: number;
  frozen: bigint;
  status: number;
  cancelReason: string | null;
  marketMaker: boolean;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

const units = (value: string | null): bigint | null => (value === null ? null : BigInt(value));
const text = (value: bigint | null) => (value === null ? null : bigintValue(value));

function orderColumns(db: Kysely<Database>) {
  return db
    .selectFrom('bibi_order as o')
    .select([
      'o.id',
      'o.product_code',
      'o.book_order_id',
      'o.user_id',
      'o.side',
      'o.order_method',
      'o.time_in_force',
      'o.post_only',
      'o.price_scale',
      'o.volume_scale',
      'o.quote_scale',
      nullableUnitsText('o.price_units', 'price'),
      nullableUnitsText('o.volume_units', 'volume'),
      nullableUnitsText('o.quote_budget_units', 'quote_budget'),
      unitsText('o.filled_volume_units', 'filled_volume'),
      unitsText('o.filled_amount_units', 'filled_amount'),
      unitsText('o.remaining_volume_units', 'remaining_volume'),
      unitsText('o.fee_units', 'fee'),
      'o.frozen_currency_id',
      unitsText('o.frozen_units', 'frozen'),
      'o.status',
      'o.cancel_reason',
      'o.market_maker',
      'o.created_at',
      'o.updated_at',
      'o.finished_at',
    ]);
}

type RawOrder = Awaited<ReturnType<ReturnType<typeof orderColumns>['execute']>>[number];

function toOrder(row: RawOrder): OrderRow {
  return {
    id: row.id,
    productCode: row.product_code,
    bookOrderId: row.book_order_id,
    userId: row.user_id,
    side: row.side === 'buy' ? 'buy' : 'sell',
    orderMethod: row.order_method,
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
    priceScale: row.price_scale,
    volumeScale: row.volume_scale,
    quoteScale: row.quote_scale,
    price: units(row.price),
    volume: units(row.volume),
    quoteBudget: units(row.quote_budget),
    filledVolume: BigInt(row.filled_volume),
    filledAmount: BigInt(row.filled_amount),
    remainingVolume: BigInt(row.remaining_volume),
    fee: BigInt(row.fee),
    frozenCurrencyId: row.frozen_currency_id,
    frozen: BigInt(row.frozen),
    status: row.status,
    cancelReason: row.cancel_reason,
    marketMaker: row.market_maker === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export type NewOrder = Omit<OrderRow, 'id'>;

export async function insertOrder(db: Kysely<Database>, order: NewOrder): Promise<number> {
  const inserted = await db
    .insertInto('bibi_order')
    .values({
      product_code: order.productCode,
      book_order_id: order.bookOrderId,
      user_id: order.userId,
      side: order.side,
      order_method: order.orderMethod,
      time_in_force: order.timeInForce,
      post_only: order.postOnly,
      price_scale: order.priceScale,
      volume_scale: order.volumeScale,
      quote_scale: order.quoteScale,
      price_units: text(order.price),
      volume_units: text(order.volume),
      quote_budget_units: text(order.quoteBudget),
      filled_volume_units: text(order.filledVolume)!,
      filled_amount_units: text(order.filledAmount)!,
      remaining_volume_units: text(order.remainingVolume)!,
      fee_units: text(order.fee)!,
      frozen_currency_id: order.frozenCurrencyId,
      frozen_units: text(order.frozen)!,
      status: order.status,
      cancel_reason: order.cancelReason,
      market_maker: order.marketMaker ? 1 : 0,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      finished_at: order.finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Writes the fields a command changes. */
export async function updateOrder(db: Kysely<Database>, order: OrderRow): Promise<void> {
  await db
    .updateTable('bibi_order')
    .set({
      book_order_id: order.bookOrderId,
      filled_volume_units: text(order.filledVolume)!,
      filled_amount_units: text(order.filledAmount)!,
      remaining_volume_units: text(order.remainingVolume)!,
      fee_units: text(order.fee)!,
      frozen_units: text(order.frozen)!,
      status: order.status,
      cancel_reason: order.cancelReason,
      updated_at: order.updatedAt,
      finished_at: order.finishedAt,
    })
    .where('id', '=', order.id)
    .execute();
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  const row = await orderColumns(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** The orders resting in a book under these engine ids. */
export async function ordersByBookIds(
  db: Kysely<Database>,
  productCode: string,
  bookOrderIds: readonly number[],
): Promise<Map<number, OrderRow>> {
  const found = new Map<number, OrderRow>();
  for (let start = 0; start < bookOrderIds.length; start += IN_LIST_MAX) {
    const chunk = bookOrderIds.slice(start, start + IN_LIST_MAX);
    const rows = await orderColumns(db)
      .where('o.product_code', '=', productCode)
      .where('o.book_order_id', 'in', chunk)
      .execute();
    for (const row of rows) found.set(row.book_order_id!, toOrder(row));
  }
  return found;
}

export interface OrderFilter {
  userId: number;
  productCode?: string | undefined;
  status?: number | undefined;
  finishedOnly?: boolean;
  pageNum: number;
  pageSize: number;
}

export async function listOrders(
  db: Kysely<Database>,
  filter: OrderFilter,
): Promise<{ rows: OrderRow[]; total: number }> {
  let query = db.selectFrom('bibi_order as o').where('o.user_id', '=', filter.userId);
  if (filter.productCode !== undefined) query = query.where('o.product_code', '=', filter.productCode);
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  else if (filter.finishedOnly) query = query.where('o.status', '!=', ORDER_STATUS.open);
  const page = await pageWithTotal(
    orderColumns(db)
      .where(
        'o.id',
        'in',
        query.select('o.id').orderBy('o.id', 'desc').limit(filter.pageSize).offset(pageOffset(filter)),
      )
      .orderBy('o.id', 'desc')
      .execute(),
    query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: page.rows.map(toOrder), total: page.total };
}

/** Open orders of a pair as the database has them: engine id and remaining volume. */
export async function openOrdersOfPair(
  db: Kysely<Database>,
  productCode: string,
): Promise<{ bookOrderId: number; remaining: bigint }[]> {
  const rows = await db
    .selectFrom('bibi_order')
    .select(['book_order_id', unitsText('remaining_volume_units', 'remaining')])
    .where('product_code', '=', productCode)
    .where('status', '=', ORDER_STATUS.open)
    .execute();
  return rows.map((row) => ({ bookOrderId: row.book_order_id ?? -1, remaining: BigInt(row.remaining) }));
}

export interface TradeRow {
  productCode: string;
  sequence: number;
  price: bigint;
  volume: bigint;
  amount: bigint;
  takerSide: OrderSide;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: bigint;
  takerFee: bigint;
  makerMarketMaker: boolean;
  takerMarketMaker: boolean;
  entryId: number;
  createdAt: number;
}

export async function insertTrade(db: Kysely<Database>, trade: TradeRow): Promise<void> {
  await db
    .insertInto('bibi_trade')
    .values({
      product_code: trade.productCode,
      sequence: trade.sequence,
      price_units: text(trade.price)!,
      volume_units: text(trade.volume)!,
      amount_units: text(trade.amount)!,
      taker_side: trade.takerSide,
      maker_order_id: trade.makerOrderId,
      taker_order_id: trade.takerOrderId,
      maker_user_id: trade.makerUserId,
      taker_user_id: trade.takerUserId,
      maker_fee_units: text(trade.makerFee)!,
      taker_fee_units: text(trade.takerFee)!,
      maker_market_maker: trade.makerMarketMaker ? 1 : 0,
      taker_market_maker: trade.takerMarketMaker ? 1 : 0,
      entry_id: trade.entryId,
      created_at: trade.createdAt,
    })
    .execute();
}

function tradeColumns(db: Kysely<Database>) {
  return db
    .selectFrom('bibi_trade as t')
    .select([
      't.product_code',
      't.sequence',
      unitsText('t.price_units', 'price'),
      unitsText('t.volume_units', 'volume'),
      unitsText('t.amount_units', 'amount'),
      't.taker_side',
      't.maker_order_id',
      't.taker_order_id',
      't.maker_user_id',
      't.taker_user_id',
      unitsText('t.maker_fee_units', 'maker_fee'),
      unitsText('t.taker_fee_units', 'taker_fee'),
      't.maker_market_maker',
      't.taker_market_maker',
      't.entry_id',
      't.created_at',
    ]);
}

type RawTrade = Awaited<ReturnType<ReturnType<typeof tradeColumns>['execute']>>[number];

function toTrade(row: RawTrade): TradeRow {
  return {
    productCode: row.product_code,
    sequence: row.sequence,
    price: BigInt(row.price),
    volume: BigInt(row.volume),
    amount: BigInt(row.amount),
    takerSide: row.taker_side === 'buy' ? 'buy' : 'sell',
    makerOrderId: row.maker_order_id,
    takerOrderId: row.taker_order_id,
    makerUserId: row.maker_user_id,
    takerUserId: row.taker_user_id,
    makerFee: BigInt(row.maker_fee),
    takerFee: BigInt(row.taker_fee),
    makerMarketMaker: row.maker_market_maker === 1,
    takerMarketMaker: row.taker_market_maker === 1,
    entryId: row.entry_id,
    createdAt: Number(row.created_at),
  };
}

/** The fills of one order, oldest first. */
export async function tradesOfOrder(db: Kysely<Database>, orderId: number): Promise<TradeRow[]> {
  const [asMaker, asTaker] = await Promise.all([
    tradeColumns(db).where('t.maker_order_id', '=', orderId).execute(),
    tradeColumns(db).where('t.taker_order_id', '=', orderId).execute(),
  ]);
  return [...asMaker, ...asTaker].map(toTrade).sort((left, right) => left.sequence - right.sequence);
}

/** A pair's newest trades, newest first. */
export async function recentTrades(db: Kysely<Database>, productCode: string, limit: number): Promise<TradeRow[]> {
  const rows = await tradeColumns(db)
    .where('t.product_code', '=', productCode)
    .orderBy('t.sequence', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toTrade);
}

/** A pair's trades since `since` (epoch ms), oldest first, at most `limit`: the 24 h ticker's window. */
export async function tradesSince(
  db: Kysely<Database>,
  productCode: string,
  since: number,
  afterSequence: number,
  limit: number,
): Promise<TradeRow[]> {
  const rows = await tradeColumns(db)
    .where('t.product_code', '=', productCode)
    .where('t.created_at', '>=', since)
    .where('t.sequence', '>', afterSequence)
    .orderBy('t.sequence')
    .limit(limit)
    .execute();
  return rows.map(toTrade);
}

export async function insertCommand(
  db: Kysely<Database>,
  row: {
    productCode: string;
    sequence: number;
    commandJson: string;
    stateHash: string;
    orderId: number;
    createdAt: number;
  },
): Promise<void> {
  await db
    .insertInto('bibi_command')
    .values({
      product_code: row.productCode,
      sequence: row.sequence,
      command_json: row.commandJson,
      state_hash: row.stateHash,
      order_id: row.orderId,
      created_at: row.createdAt,
    })
    .execute();
}

export async function lastCommand(
  db: Kysely<Database>,
  productCode: string,
): Promise<{ sequence: number; stateHash: string } | undefined> {
  const row = await db
    .selectFrom('bibi_command')
    .select(['sequence', 'state_hash'])
    .where('product_code', '=', productCode)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { sequence: row.sequence, stateHash: row.state_hash } : undefined;
}

export async function commandsAfter(
  db: Kysely<Database>,
  productCode: string,
  afterSequence: number,
): Promise<{ sequence: number; commandJson: string; stateHash: string }[]> {
  const rows = await db
    .selectFrom('bibi_command')
    .select(['sequence', 'command_json', 'state_hash'])
    .where('product_code', '=', productCode)
    .where('sequence', '>', afterSequence)
    .orderBy('sequence')
    .limit(REPLAY_PAGE_ROWS)
    .execute();
  return rows.map((row) => ({ sequence: row.sequence, commandJson: row.command_json, stateHash: row.state_hash }));
}

export async function latestSnapshot(
  db: Kysely<Database>,
  productCode: string,
): Promise<{ sequence: number; stateJson: string; stateHash: string } | undefined> {
  const row = await db
    .selectFrom('bibi_snapshot')
    .select(['sequence', 'state_json', 'state_hash'])
    .where('product_code', '=', productCode)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { sequence: row.sequence, stateJson: row.state_json, stateHash: row.state_hash } : undefined;
}

/**
 * Commands a compaction deletes at most: a log written before compaction existed shrinks over several
 * snapshots instead of in one long statement inside the writer's batch.
 */
export const COMPACTION_COMMANDS_MAX = 10_000;

/**
 * Stores a snapshot, keeps only it and the one before, and compacts the command log behind the older
 * one: the commands it covers are deleted, the ones after it stay. So the log holds between one and two
 * snapshot intervals of commands, and a latest snapshot found corrupt still has the older one and every
 * command since to be checked against. Runs in the transaction of the command the snapshot follows:
 * snapshot, pruning and compaction commit together with it or not at all.
 */
export async function saveSnapshot(
  db: Kysely<Database>,
  row: { productCode: string; sequence: number; stateJson: string; stateHash: string; createdAt: number },
): Promise<{ compactedThrough: number | null; commandsDeleted: number }> {
  await db
    .insertInto('bibi_snapshot')
    .values({
      product_code: row.productCode,
      sequence: row.sequence,
      state_json: row.stateJson,
      state_hash: row.stateHash,
      created_at: row.createdAt,
    })
    .execute();
  const kept = await db
    .selectFrom('bibi_snapshot')
    .select('sequence')
    .where('product_code', '=', row.productCode)
    .orderBy('sequence', 'desc')
    .limit(2)
    .execute();
  const oldestKept = kept[kept.length - 1]?.sequence ?? row.sequence;
  await db
    .deleteFrom('bibi_snapshot')
    .where('product_code', '=', row.productCode)
    .where('sequence', '<', oldestKept)
    .execute();
  // With one snapshot only, nothing is compacted: the log keeps everything until there is a fallback.
  if (kept.length < 2) return { compactedThrough: null, commandsDeleted: 0 };
  return { compactedThrough: oldestKept, commandsDeleted: await compactCommands(db, row.productCode, oldestKept) };
}

/** Deletes the commands at or before `throughSequence` (a kept snapshot covers them), at most COMPACTION_COMMANDS_MAX. */
export async function compactCommands(
  db: Kysely<Database>,
  productCode: string,
  throughSequence: number,
): Promise<number> {
  const first = await db
    .selectFrom('bibi_command')
    .select('sequence')
    .where('product_code', '=', productCode)
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
  if (!first || first.sequence > throughSequence) return 0;
  const deleted = await db
    .deleteFrom('bibi_command')
    .where('product_code', '=', productCode)
    .where('sequence', '<=', Math.min(throughSequence, first.sequence + COMPACTION_COMMANDS_MAX - 1))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * Whether a snapshot covers `sequence` already: then another writer has logged past this book (a lost
 * writer lock) and compaction may have deleted the row whose primary key would have refused this one.
 */
export async function snapshotCovers(db: Kysely<Database>, productCode: string, sequence: number): Promise<boolean> {
  const row = await db
    .selectFrom('bibi_snapshot')
    .select('sequence')
    .where('product_code', '=', productCode)
    .where('sequence', '>=', sequence)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Resting volume per price from the order rows, best first: the depth a process that is not the book's
 * writer can still answer (the writer answers from its book).
 */
export async function depthFromOrders(
  db: Kysely<Database>,
  productCode: string,
  side: OrderSide,
  levels: number,
): Promise<{ price: bigint; size: bigint; count: number; marketMakerSize: bigint }[]> {
  const rows = await db
    .selectFrom('bibi_order')
    .select([
      unitsText('price_units', 'price'),
      sql<string>`cast(sum(remaining_volume_units) as text)`.as('size'),
      sql<string>`cast(sum(case when market_maker = 1 then remaining_volume_units else 0 end) as text)`.as('mm'),
      sql<number>`count(*)`.as('count'),
    ])
    .where('product_code', '=', productCode)
    .where('status', '=', ORDER_STATUS.open)
    .where('side', '=', side)
    .groupBy('price_units')
    .orderBy('price_units', side === 'buy' ? 'desc' : 'asc')
    .limit(levels)
    .execute();
  return rows.map((row) => ({
    price: BigInt(row.price),
    size: BigInt(row.size),
    count: Number(row.count),
    marketMakerSize: BigInt(row.mm),
  }));
}

export interface TradeTotals {
  productCode: string;
  boughtVolume: bigint;
  boughtPaid: bigint;
  soldVolume: bigint;
  soldReceived: bigint;
}

/**
 * One customer's coin-to-coin totals per pair from the fills: volume bought and USDT paid for it
 * (amount + the buyer's fee), volume sold and USDT received (amount - the seller's fee).
 */
export async function tradeTotals(db: Kysely<Database>, userId: number): Promise<Map<string, TradeTotals>> {
  const side = (role: 'maker' | 'taker') =>
    db
      .selectFrom('bibi_trade')
      .select([
        'product_code',
        sql<string>`cast(sum(case when taker_side ${sql.raw(role === 'taker' ? '=' : '<>')} 'buy' then volume_units else 0 end) as text)`.as(
          'bought_volume',
        ),
        sql<string>`cast(sum(case when taker_side ${sql.raw(role === 'taker' ? '=' : '<>')} 'buy' then amount_units + ${sql.ref(`${role}_fee_units`)} else 0 end) as text)`.as(
          'bought_paid',
        ),
        sql<string>`cast(sum(case when taker_side ${sql.raw(role === 'taker' ? '<>' : '=')} 'buy' then volume_units else 0 end) as text)`.as(
          'sold_volume',
        ),
        sql<string>`cast(sum(case when taker_side ${sql.raw(role === 'taker' ? '<>' : '=')} 'buy' then amount_units - ${sql.ref(`${role}_fee_units`)} else 0 end) as text)`.as(
          'sold_received',
        ),
      ])
      .where(`${role}_user_id`, '=', userId)
      .groupBy('product_code')
      .execute();
  const totals = new Map<string, TradeTotals>();
  for (const rows of await Promise.all([side('maker'), side('taker')])) {
    for (const row of rows) {
      const current = totals.get(row.product_code) ?? {
        productCode: row.product_code,
        boughtVolume: 0n,
        boughtPaid: 0n,
        soldVolume: 0n,
        soldReceived: 0n,
      };
      current.boughtVolume += BigInt(row.bought_volume);
      current.boughtPaid += BigInt(row.bought_paid);
      current.soldVolume += BigInt(row.sold_volume);
      current.soldReceived += BigInt(row.sold_received);
      totals.set(row.product_code, current);
    }
  }
  return totals;
}
