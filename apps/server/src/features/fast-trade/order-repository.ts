import { sql, type Kysely } from 'kysely';
import { fastTrade, type LanguageCode } from '@kestrel/contract';
import { formatDecimal, type FastTradeOpening } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { Book } from '../ledger/accounts';
import { parseTranslations } from '../language/language-packs';
import { bigintValue, nullableUnitsText, unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal } from '../../core/paging';

/** Seconds per durationLabel unit (SPEC §3), for the record's durationSeconds. */
const LABEL_SECONDS = [1, 60, 3600, 86400] as const;

/** The order columns, money cast to text; joined with the product and currency names. */
export function selectOrders(db: Kysely<Database>) {
  return db
    .selectFrom('fast_trade_order as o')
    .leftJoin('product as p', 'p.product_code', 'o.product_code')
    .leftJoin('platform_currency as c', 'c.id', 'o.currency_id')
    .select([
      'o.id',
      'o.user_id',
      'o.book',
      'o.option_id',
      'o.product_code',
      'o.product_type',
      'o.direction',
      'o.currency_id',
      'o.money_scale',
      'o.price_scale',
      unitsText('o.stake_units', 'stake'),
      'o.fee_rate',
      unitsText('o.fee_units', 'fee'),
      'o.duration_value',
      'o.duration_label',
      'o.duration_ms',
      'o.win_ratio',
      'o.lose_ratio',
      'o.lose_money_method',
      unitsText('o.open_price_units', 'open_price'),
      'o.open_tick_id',
      'o.open_tick_source',
      'o.open_tick_time',
      'o.open_entry_id',
      'o.open_time',
      'o.expiry_time',
      'o.status',
      'o.result',
      nullableUnitsText('o.settle_price_units', 'settle_price'),
      'o.settle_tick_id',
      'o.settle_tick_source',
      'o.settle_tick_time',
      nullableUnitsText('o.payout_units', 'payout'),
      'o.settle_entry_id',
      'o.settled_at',
      'p.name as product_name',
      'p.name_lang as product_name_lang',
      'c.currency_name',
    ]);
}

/** An order row with its money read as text (never through a Number) and its product and currency names. */
export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** Number() of a BIGINT column: PostgreSQL's parser already gives a Number for times in the safe range. */
function time(value: number | bigint | string): number {
  return Number(value);
}

/** What the customer sees of an order (contract `fastTradeOrderRecord`). */
export function orderRecord(
  row: OrderRow,
  view: { language: LanguageCode; now: number; simulated: boolean },
): fastTrade.FastTradeOrderRecord {
  const money = (units: string) => formatDecimal(BigInt(units), row.money_scale);
  const price = (units: string) => formatDecimal(BigInt(units), row.price_scale);
  const names = row.product_name_lang ? parseTranslations(row.product_name_lang) : {};
  const stake = BigInt(row.stake);
  return {
    id: row.id,
    fastTradeOrderOptionsId: row.option_id,
    productCode: row.product_code,
    productType: row.product_type,
    productName: names[view.language] ?? names.en ?? row.product_name ?? row.product_code,
    orderDirection: row.direction,
    orderPrice: money(row.stake),
    fee: money(row.fee),
    feeRate: row.fee_rate,
    currencyId: row.currency_id,
    currencyName: row.currency_name ?? '',
    durationValue: row.duration_value,
    durationLabel: row.duration_label,
    durationSeconds: row.duration_value * (LABEL_SECONDS[row.duration_label as 0 | 1 | 2 | 3] ?? 1),
    winRatio: row.win_ratio,
    loseRatio: row.lose_ratio,
    loseMoneyMethod: row.lose_money_method,
    openPrice: price(row.open_price),
    openTickId: row.open_tick_id,
    openTickSource: row.open_tick_source,
    openTime: time(row.open_time),
    expiryTime: time(row.expiry_time),
    status: row.status,
    result: row.result,
    settlePrice: row.settle_price === null ? null : price(row.settle_price),
    settleTickId: row.settle_tick_id,
    settleTickSource: row.settle_tick_source,
    settleTime: row.settled_at === null ? null : time(row.settled_at),
    payout: row.payout === null ? null : money(row.payout),
    profit: row.payout === null ? null : formatDecimal(BigInt(row.payout) - stake, row.money_scale),
    // Set in the transaction that inserted the order: a committed order always has it.
    openEntryId: row.open_entry_id ?? 0,
    settleEntryId: row.settle_entry_id,
    demo: row.book === 'demo' ? 1 : 0,
    simulated: view.simulated,
    serverTime: view.now,
  };
}

/** What an order copies from its option and product when it is placed (the terms it settles under). */
export interface OrderTerms {
  optionId: number;
  productCode: string;
  productType: number;
  priceScale: number;
  durationValue: number;
  durationLabel: number;
  winRatio: string;
  loseRatio: string;
  loseMoneyMethod: number;
}

/** Inserts a new open order: who placed it, the terms copied, and what was decided; answers its id. */
export async function insertOpenOrder(
  db: Kysely<Database>,
  order: {
    owner: { userId: number; book: Book };
    currency: { id: number; scale: number };
    terms: OrderTerms;
    opening: FastTradeOpening;
  },
): Promise<number> {
  const { owner, currency, terms, opening } = order;
  const inserted = await db
    .insertInto('fast_trade_order')
    .values({
      user_id: owner.userId,
      book: owner.book,
      option_id: terms.optionId,
      product_code: terms.productCode,
      product_type: terms.productType,
      direction: opening.direction,
      currency_id: currency.id,
      money_scale: currency.scale,
      price_scale: terms.priceScale,
      stake_units: bigintValue(opening.stake),
      fee_rate: opening.feeRate,
      fee_units: bigintValue(opening.fee),
      duration_value: terms.durationValue,
      duration_label: terms.durationLabel,
      duration_ms: opening.durationMs,
      win_ratio: terms.winRatio,
      lose_ratio: terms.loseRatio,
      lose_money_method: terms.loseMoneyMethod,
      open_price_units: bigintValue(opening.openTick.price),
      open_tick_id: opening.openTick.id,
      open_tick_source: opening.openTick.source,
      open_tick_time: opening.openTick.time,
      open_entry_id: null,
      open_time: opening.openTime,
      expiry_time: opening.expiryTime,
      status: fastTrade.FAST_TRADE_STATUS.open,
      result: null,
      settle_price_units: null,
      settle_tick_id: null,
      settle_tick_source: null,
      settle_tick_time: null,
      payout_units: null,
      settle_entry_id: null,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Links an order to the entry that opened it, in the same transaction. */
export async function setOpenEntry(db: Kysely<Database>, orderId: number, entryId: number): Promise<void> {
  await db.updateTable('fast_trade_order').set({ open_entry_id: entryId }).where('id', '=', orderId).execute();
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return selectOrders(db).where('o.id', '=', id).executeTakeFirst();
}

/** One customer's order in one book; another customer's (or the other book's) reads as missing. */
export async function findOwnOrder(
  db: Kysely<Database>,
  id: number,
  owner: { userId: number; book: Book },
): Promise<OrderRow | undefined> {
  return selectOrders(db)
    .where('o.id', '=', id)
    .where('o.user_id', '=', owner.userId)
    .where('o.book', '=', owner.book)
    .executeTakeFirst();
}

export interface OrderFilter {
  pageNum: number;
  pageSize: number;
  status?: number;
  productCode?: string;
}

/** A customer's orders, newest first, one page, with the total. */
export async function listOwnOrders(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  filter: OrderFilter,
): Promise<{ rows: OrderRow[]; total: number }> {
  let rows = selectOrders(db).where('o.user_id', '=', owner.userId).where('o.book', '=', owner.book);
  let count = db
    .selectFrom('fast_trade_order as o')
    .select(sql<number>`count(*)`.as('total'))
    .where('o.user_id', '=', owner.userId)
    .where('o.book', '=', owner.book);
  if (filter.status !== undefined) {
    rows = rows.where('o.status', '=', filter.status);
    count = count.where('o.status', '=', filter.status);
  }
  if (filter.productCode !== undefined) {
    rows = rows.where('o.product_code', '=', filter.productCode);
    count = count.where('o.product_code', '=', filter.productCode);
  }
  return pageWithTotal(
    rows.orderBy('o.id', 'desc').limit(filter.pageSize).offset(pageOffset(filter)).execute(),
    count.executeTakeFirstOrThrow(),
  );
}

/** Open orders whose expiry has passed, earliest first, for products the feed prices; at most `limit`. */
export async function dueOrders(
  db: Kysely<Database>,
  now: number,
  productCodes: readonly string[],
  limit: number,
): Promise<OrderRow[]> {
  if (productCodes.length === 0) return [];
  return selectOrders(db)
    .where('o.status', '=', 0)
    .where('o.expiry_time', '<=', now)
    .where('o.product_code', 'in', productCodes)
    .orderBy('o.expiry_time')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}
