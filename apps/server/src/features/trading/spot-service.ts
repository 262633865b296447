import type { Kysely } from 'kysely';
import { type LanguageCode, spot } from '@kestrel/contract';
import {
  EXCHANGE_TYPE,
  formatDecimal,
  multiply,
  POSITION_TYPE,
  shareAsPercent,
  spotBuyQuote,
  spotSellQuote,
} from '@kestrel/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import type { Once } from '../../core/idempotency';
import { lockCustomer } from '../../core/customer-lock';
import type { Owner } from './contract-service';
import { HELD_SPOT_ORDERS_MAX, type PositionStream } from './position-stream';
import {
  countHeldSpotOrders,
  findOwnSpotOrder,
  heldSpotOrders,
  insertSpotOrder,
  listOwnSpotOrders,
  markSold,
  setBuyEntry,
  setSellEntry,
  type SpotOrderRecord,
} from './spot-repository';
import { checkBounds, parseAmountOrRefuse } from './trade-amounts';
import { feeRateOrRefuse, tradableProduct, type TradeCurrency } from './trade-gate';
import { tickIdOf, type Tick } from '@kestrel/market';
import { availableBalance, postTradeEntry, tradeAccounts, type TradeEntry } from './trade-ledger';
import {
  holdingsView,
  ProductNames,
  recordScales,
  spotOrderView,
  viewsWithNames,
  type HoldingsView,
  type SpotOrderView,
} from './trade-views';

type BuyBody = z.output<typeof spot.addSpotTradeOrder.body>;

export interface SpotRuntime {
  context: AppContext;
  currency: TradeCurrency;
  stream: PositionStream;
}

async function view(
  runtime: SpotRuntime,
  db: Kysely<Database>,
  order: SpotOrderRecord,
  language: LanguageCode,
): Promise<SpotOrderView> {
  const names = await ProductNames.load(db, [order.productCode]);
  return spotOrderView(order, names, language, runtime.context.market);
}

/**
 * Runs a buy or a sale under `once`: its answer, and so what a replay of the key gets, is the view
 * built inside the transaction; the stream hears of the change only after the commit.
 */
async function tradeOnce(
  runtime: SpotRuntime,
  owner: Owner,
  once: Once,
  language: LanguageCode,
  write: (transaction: Kysely<Database>, now: number) => Promise<SpotOrderRecord>,
): Promise<SpotOrderView> {
  const now = runtime.context.clock();
  const answer = await once(async (transaction) => view(runtime, transaction, await write(transaction, now), language));
  runtime.stream.spotChanged(owner, runtime.currency.scale);
  return answer;
}

/**
 * Posts a spot order's entry: the customer's own move on the order, priced by `tick` (which the entry
 * records), moving `moves` (account id, signed amount) in the order's currency.
 */
function postSpotEntry(
  transaction: Kysely<Database>,
  owner: Owner,
  entry: {
    reasonCode: 'spot.buy' | 'spot.sell';
    orderId: number;
    currencyId: number;
    memo: string;
    tick: Tick;
    moves: TradeEntry['moves'];
  },
  now: number,
): Promise<number> {
  return postTradeEntry(
    transaction,
    entry.currencyId,
    {
      reasonCode: entry.reasonCode,
      referenceType: 'spot_order',
      referenceId: entry.orderId,
      actorType: 'customer',
      actorId: String(owner.userId),
      memo: entry.memo,
      tickId: tickIdOf(entry.tick),
      tickSource: entry.tick.source,
      moves: entry.moves,
    },
    now,
  );
}

/**
 * Buys at the live price: product, session and window; quantity at the product's scale and within
 * its bounds; the spot buy fee configured; the held-order bound; the balance and its allowed share.
 * One entry: available -(amount + fee), trading house +amount, fee income +fee, with the tick.
 */
async function buyInTransaction(
  runtime: SpotRuntime,
  transaction: Kysely<Database>,
  owner: Owner,
  body: BuyBody,
  now: number,
): Promise<SpotOrderRecord> {
  const { context, currency } = runtime;
  const moneyScale = currency.scale;
  const { product, settings, tick, scales } = await tradableProduct(
    transaction,
    context.market,
    body.productCode,
    { positionType: POSITION_TYPE.spot, productType: body.productType },
    now,
    moneyScale,
  );
  const quantity = parseAmountOrRefuse(body.orderNum, scales.quantityScale);
  checkBounds(quantity, scales.quantityScale, settings.minQuantity, settings.maxQuantity, {
    below: 'quantity_below_minimum',
    above: 'quantity_above_maximum',
  });
  const feeRate = await feeRateOrRefuse(transaction, product.product_type, POSITION_TYPE.spot, EXCHANGE_TYPE.buy);
  const quote = spotBuyQuote(tick.price, quantity, scales, feeRate.rate);

  await lockCustomer(transaction, context.database.dialect, owner.userId);
  if ((await countHeldSpotOrders(transaction, owner)) >= HELD_SPOT_ORDERS_MAX) {
    refuse('error.open_positions_limit', { max: HELD_SPOT_ORDERS_MAX });
  }
  const accounts = await tradeAccounts(transaction, owner, currency.currencyId);
  const available = await availableBalance(transaction, accounts);
  if (quote.total > available) refuse('error.insufficient_balance');
  const share = settings.maxBalanceShare;
  if (quote.total > multiply(available, moneyScale, share.units, share.scale, moneyScale, 'down')) {
    refuse('error.balance_share_exceeded', { percent: shareAsPercent(share) });
  }

  const orderId = await insertSpotOrder(transaction, {
    userId: owner.userId,
    book: owner.book,
    productCode: product.product_code,
    productType: product.product_type,
    currencyId: currency.currencyId,
    moneyScale,
    priceScale: scales.priceScale,
    quantityScale: scales.quantityScale,
    contractSize: product.standard,
    quantity,
    buyPrice: tick.price,
    buyAmount: quote.amount,
    buyFeeRate: feeRate.text,
    buyFee: quote.fee,
    buyTickId: tickIdOf(tick),
    buyTickSource: tick.source,
    buyTime: now,
  });
  const entryId = await postSpotEntry(
    transaction,
    owner,
    {
      reasonCode: 'spot.buy',
      orderId,
      currencyId: currency.currencyId,
      memo: `buy ${formatDecimal(quantity, scales.quantityScale)} ${product.product_code} at ${formatDecimal(tick.price, scales.priceScale)}`,
      tick,
      moves: [
        [accounts.available, -quote.total],
        [accounts.house, quote.amount],
        [accounts.fees, quote.fee],
      ],
    },
    now,
  );
  await setBuyEntry(transaction, orderId, entryId);
  const order = await findOwnSpotOrder(transaction, owner, orderId);
  if (!order) throw new Error(`spot order ${orderId} vanished inside its buy`);
  return order;
}

export async function buySpot(
  runtime: SpotRuntime,
  owner: Owner,
  body: BuyBody,
  once: Once,
  language: LanguageCode,
): Promise<SpotOrderView> {
  return tradeOnce(runtime, owner, once, language, (transaction, now) =>
    buyInTransaction(runtime, transaction, owner, body, now),
  );
}

/**
 * Sells a held order whole at the live price (not locked, session open, inside a window). One entry:
 * trading house -amount, available +(amount - fee), fee income +fee, with the tick. The held -> sold
 * update is conditional, so two sales of one order cannot both pass.
 */
async function sellInTransaction(
  runtime: SpotRuntime,
  transaction: Kysely<Database>,
  owner: Owner,
  orderId: number,
  now: number,
): Promise<SpotOrderRecord> {
  const { context } = runtime;
  const order = await findOwnSpotOrder(transaction, owner, orderId);
  if (!order) refuse('error.spot_order_not_found');
  if (order.status !== spot.SPOT_ORDER_STATUS.held) refuse('error.spot_order_sold');
  const { tick } = await tradableProduct(transaction, context.market, order.productCode, {}, now, order.moneyScale);
  const feeRate = await feeRateOrRefuse(transaction, order.productType, POSITION_TYPE.spot, EXCHANGE_TYPE.sell);
  const quote = spotSellQuote(tick.price, order.quantity, recordScales(order), feeRate.rate);
  await lockCustomer(transaction, context.database.dialect, owner.userId);
  const sold = await markSold(transaction, order.id, {
    sellPrice: tick.price,
    sellAmount: quote.amount,
    sellFeeRate: feeRate.text,
    sellFee: quote.fee,
    sellTickId: tickIdOf(tick),
    sellTickSource: tick.source,
    sellTime: now,
    realizedPnl: quote.net - order.buyAmount - order.buyFee,
  });
  if (!sold) refuse('error.spot_order_sold');
  const accounts = await tradeAccounts(transaction, owner, order.currencyId);
  const entryId = await postSpotEntry(
    transaction,
    owner,
    {
      reasonCode: 'spot.sell',
      orderId: order.id,
      currencyId: order.currencyId,
      memo: `sell ${formatDecimal(order.quantity, order.quantityScale)} ${order.productCode} at ${formatDecimal(tick.price, order.priceScale)}`,
      tick,
      moves: [
        [accounts.house, -quote.amount],
        [accounts.available, quote.net],
        [accounts.fees, quote.fee],
      ],
    },
    now,
  );
  await setSellEntry(transaction, order.id, entryId);
  const after = await findOwnSpotOrder(transaction, owner, order.id);
  if (!after) throw new Error(`spot order ${order.id} vanished inside its sale`);
  return after;
}

export async function sellSpot(
  runtime: SpotRuntime,
  owner: Owner,
  orderId: number,
  once: Once,
  language: LanguageCode,
): Promise<SpotOrderView> {
  return tradeOnce(runtime, owner, once, language, (transaction, now) =>
    sellInTransaction(runtime, transaction, owner, orderId, now),
  );
}

export async function listSpotOrders(
  runtime: SpotRuntime,
  owner: Owner,
  query: { pageNum: number; pageSize: number; status?: number; productCode?: string },
  language: LanguageCode,
): Promise<{ rows: SpotOrderView[]; total: number }> {
  const { db } = runtime.context.database;
  const page = await listOwnSpotOrders(db, owner, { status: query.status, productCode: query.productCode }, query);
  return {
    rows: await viewsWithNames(db, page.rows, (row, names) =>
      spotOrderView(row, names, language, runtime.context.market),
    ),
    total: page.total,
  };
}

export async function spotOrderDetail(
  runtime: SpotRuntime,
  owner: Owner,
  orderId: number,
  language: LanguageCode,
): Promise<SpotOrderView> {
  const { db } = runtime.context.database;
  const order = await findOwnSpotOrder(db, owner, orderId);
  if (!order) refuse('error.spot_order_not_found');
  return view(runtime, db, order, language);
}

export async function spotHoldings(runtime: SpotRuntime, owner: Owner, language: LanguageCode): Promise<HoldingsView> {
  const { db } = runtime.context.database;
  const held = await heldSpotOrders(db, owner, HELD_SPOT_ORDERS_MAX);
  const names = await ProductNames.load(
    db,
    held.map((order) => order.productCode),
  );
  return holdingsView(held, names, language, runtime.context.market, runtime.currency.scale);
}
