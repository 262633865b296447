import type { Kysely } from 'kysely';
import { contracts, type LanguageCode } from '@kestrel/contract';
import {
  checkStopLevels,
  liquidationPrice,
  lossLimit,
  marginFor,
  multiply,
  notionalForMargin,
  notionalOf,
  openingFee,
  quantityForNotional,
  formatDecimal,
  POSITION_TYPE,
  EXCHANGE_TYPE,
  type ContractDirection,
} from '@kestrel/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuse, RefusedError } from '../../core/errors';
import type { Book } from '../ledger/accounts';
import type { Once } from '../../core/idempotency';
import { lockCustomer } from '../../core/customer-lock';
import { closeInTransaction, type CloseActor, type CloseReason, type ClosingTick } from './position-close';
import {
  countOpenPositions,
  findOwnPosition,
  findPosition,
  insertPosition,
  listOwnPositions,
  openPositionsOf,
  setOpenEntry,
  updateStops,
  type PositionRecord,
} from './position-repository';
import { OPEN_POSITIONS_MAX, type PositionStream } from './position-stream';
import { checkBounds, parseAmountOrRefuse, parsePriceOrRefuse, shareAsPercent } from './trade-amounts';
import { feeRateOrRefuse, tradableProduct, type TradeCurrency } from './trade-gate';
import { tickIdOf } from '@kestrel/market';
import { availableBalance, postTradeEntry, tradeAccounts } from './trade-ledger';
import type { TradeQueue } from './trade-queue';
import { directionOf, positionView, ProductNames, type PositionView } from './trade-views';
import type { TriggerEngine } from './trigger-engine';

export interface Owner {
  userId: number;
  book: Book;
}

type BuyBody = z.output<typeof contracts.buy.body>;

/** Everything the contract calls share; built once by tradingFeature. */
export interface ContractRuntime {
  context: AppContext;
  currency: TradeCurrency;
  queue: TradeQueue;
  engine: TriggerEngine;
  stream: PositionStream;
}

function customerActor(owner: Owner): CloseActor {
  return { type: 'customer', id: String(owner.userId) };
}

async function view(
  runtime: ContractRuntime,
  db: Kysely<Database>,
  position: PositionRecord,
  language: LanguageCode,
): Promise<PositionView> {
  const names = await ProductNames.load(db, [position.productCode]);
  return positionView(position, names, language, runtime.context.market);
}

/** After a commit: the index and the stream follow the position's new state. */
function follow(runtime: ContractRuntime, position: PositionRecord): void {
  try {
    runtime.engine.sync(position);
  } catch (error) {
    // Only a full index (TriggerBookError) gets here: the position is committed but unguarded, which
    // must be loud. Its levels are picked up again at the next start.
    runtime.context.log.error({ err: error, positionId: position.id }, 'trigger index refused a position');
  }
  runtime.stream.track(position);
  runtime.stream.positionsChanged({ userId: position.userId, book: position.book });
  if (position.status === contracts.POSITION_STATUS.open) runtime.engine.checkLatest(position.productCode);
}

/**
 * Opens a position at the live price, every rule of API-FACTS "Contracts" checked before the first
 * write: product, session and window; leverage from the list; either notional or margin; quantity
 * (rounded down at the product's scale) and margin within bounds; TP/SL on the right side; the fee
 * configured; the customer's open-position bound; the balance and the share of it one order may use.
 * One entry then moves margin + fee out of available: margin to margin, the fee to fee income.
 */
async function openInTransaction(
  runtime: ContractRuntime,
  transaction: Kysely<Database>,
  owner: Owner,
  body: BuyBody,
  now: number,
): Promise<PositionRecord> {
  const { context, currency } = runtime;
  const moneyScale = currency.scale;
  const gate = await tradableProduct(
    transaction,
    context.market,
    body.productCode,
    { positionType: POSITION_TYPE.contract, productType: body.productType },
    now,
    moneyScale,
  );
  const { product, settings, tick, scales } = gate;
  if (!settings.levers.includes(body.orderLever)) {
    refuse('error.leverage_not_allowed', { levers: settings.levers.join('/') });
  }
  const hasNotional = body.orderTotalPrice !== undefined;
  const hasMargin = body.marginAmount !== undefined;
  if (hasNotional === hasMargin) refuse('error.order_amount_required');
  const wanted = hasNotional
    ? parseAmountOrRefuse(body.orderTotalPrice!, moneyScale)
    : notionalForMargin(parseAmountOrRefuse(body.marginAmount!, moneyScale), body.orderLever);

  const quantity = quantityForNotional(wanted, tick.price, scales);
  if (quantity <= 0n) refuse('error.order_too_small');
  checkBounds(quantity, scales.quantityScale, settings.minQuantity, settings.maxQuantity, {
    below: 'error.quantity_below_minimum',
    above: 'error.quantity_above_maximum',
  });
  // The notional actually opened: the quantity bought, priced at the tick (never more than asked for).
  const notional = notionalOf(tick.price, quantity, scales, 'up');
  const margin = marginFor(notional, body.orderLever);
  checkBounds(margin, moneyScale, settings.minMargin, settings.maxMargin, {
    below: 'error.margin_below_minimum',
    above: 'error.margin_above_maximum',
  });

  const direction: ContractDirection = body.orderDirection === 0 ? 'long' : 'short';
  const stopProfit = parsePriceOrRefuse(body.stopProfitPrice, scales.priceScale);
  const stopLoss = parsePriceOrRefuse(body.stopLossPrice, scales.priceScale);
  const stopProblem = checkStopLevels(direction, tick.price, stopProfit, stopLoss);
  if (stopProblem) refuse(`error.${stopProblem}`);

  const feeRate = await feeRateOrRefuse(transaction, product.product_type, POSITION_TYPE.contract, EXCHANGE_TYPE.buy);
  const fee = openingFee(notional, moneyScale, feeRate.rate);

  await lockCustomer(transaction, context.database.dialect, owner.userId);
  if ((await countOpenPositions(transaction, owner)) >= OPEN_POSITIONS_MAX) {
    refuse('error.open_positions_limit', { max: OPEN_POSITIONS_MAX });
  }
  const accounts = await tradeAccounts(transaction, owner, currency.currencyId);
  const available = await availableBalance(transaction, accounts);
  const cost = margin + fee;
  if (cost > available) refuse('error.insufficient_balance');
  const share = settings.maxBalanceShare;
  const allowed = multiply(available, moneyScale, share.units, share.scale, moneyScale, 'down');
  if (cost > allowed) refuse('error.balance_share_exceeded', { percent: shareAsPercent(share) });

  const limit = lossLimit(settings.liquidationMethod, margin, available - cost, settings.liquidationRatio, moneyScale);
  const level = liquidationPrice(settings.liquidationMethod, direction, tick.price, quantity, limit, scales);
  const positionId = await insertPosition(transaction, {
    userId: owner.userId,
    book: owner.book,
    productCode: product.product_code,
    productType: product.product_type,
    currencyId: currency.currencyId,
    moneyScale,
    priceScale: scales.priceScale,
    quantityScale: scales.quantityScale,
    contractSize: product.standard,
    direction: body.orderDirection,
    leverage: body.orderLever,
    quantity,
    openPrice: tick.price,
    notional,
    margin,
    openFeeRate: feeRate.text,
    openFee: fee,
    stopProfit,
    stopLoss,
    liquidationMethod: settings.liquidationMethod,
    liquidationRatio: formatDecimal(settings.liquidationRatio.units, settings.liquidationRatio.scale),
    lossLimit: limit,
    liquidationPrice: level,
    openTickId: tickIdOf(tick),
    openTickSource: tick.source,
    openTime: now,
    closableTime: now + settings.minHoldSeconds * 1000,
  });
  const entryId = await postTradeEntry(
    transaction,
    currency.currencyId,
    {
      reasonCode: 'contract.open',
      referenceType: 'contract_position',
      referenceId: positionId,
      actorType: 'customer',
      actorId: String(owner.userId),
      memo: `${direction} ${product.product_code} x${body.orderLever} at ${formatDecimal(tick.price, scales.priceScale)}`,
      tickId: tickIdOf(tick),
      tickSource: tick.source,
      moves: [
        [accounts.available, -cost],
        [accounts.margin, margin],
        [accounts.fees, fee],
      ],
    },
    now,
  );
  await setOpenEntry(transaction, positionId, entryId);
  const position = await findPosition(transaction, positionId);
  if (!position) throw new Error(`position ${positionId} vanished inside its opening`);
  return position;
}

export async function openPosition(
  runtime: ContractRuntime,
  owner: Owner,
  body: BuyBody,
  once: Once,
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const position = await openInTransaction(runtime, transaction, owner, body, now);
      return view(runtime, transaction, position, language);
    });
    const position = await findPosition(db, answer.id);
    if (position) follow(runtime, position);
    return answer;
  });
}

interface CloseCheck {
  tick: ClosingTick;
  feeRate: { text: string; rate: { units: bigint; scale: number } };
}

/**
 * What a customer's close needs before it writes: the holding time passed, the product tradable now
 * (not locked, session open, inside a window, a live price) and the closing fee configured.
 */
async function checkManualClose(
  runtime: ContractRuntime,
  transaction: Kysely<Database>,
  position: PositionRecord,
  now: number,
): Promise<CloseCheck> {
  if (position.status !== contracts.POSITION_STATUS.open) refuse('error.position_closed');
  if (now < position.closableTime) {
    refuse('error.minimum_holding_time', { seconds: Math.ceil((position.closableTime - now) / 1000) });
  }
  const { tick } = await tradableProduct(
    transaction,
    runtime.context.market,
    position.productCode,
    {},
    now,
    runtime.currency.scale,
  );
  const feeRate = await feeRateOrRefuse(transaction, position.productType, POSITION_TYPE.contract, EXCHANGE_TYPE.sell);
  return { tick: { price: tick.price, tickId: tickIdOf(tick), source: tick.source }, feeRate };
}

export async function closeOwnPosition(
  runtime: ContractRuntime,
  owner: Owner,
  positionId: number,
  once: Once,
  language: LanguageCode,
): Promise<PositionView> {
  const { db, dialect } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const position = await findOwnPosition(transaction, owner, positionId);
      if (!position) refuse('error.position_not_found');
      const check = await checkManualClose(runtime, transaction, position, now);
      const closed = await closeInTransaction(
        transaction,
        dialect,
        position,
        check.tick,
        'manual',
        check.feeRate,
        customerActor(owner),
        now,
      );
      return view(runtime, transaction, closed, language);
    });
    const position = await findPosition(db, answer.id);
    if (position) follow(runtime, position);
    return answer;
  });
}

export interface CloseAllAnswer {
  closed: PositionView[];
  skipped: { positionId: number; msg: string; params: Record<string, string | number> }[];
}

/** Closes every open position of the owner (optionally of one product) that may be closed now, in one transaction. */
export async function closeAllPositions(
  runtime: ContractRuntime,
  owner: Owner,
  productCode: string | undefined,
  once: Once,
  language: LanguageCode,
): Promise<CloseAllAnswer> {
  const { db, dialect } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const open = await openPositionsOf(transaction, owner, OPEN_POSITIONS_MAX, productCode);
      const closed: PositionRecord[] = [];
      const skipped: CloseAllAnswer['skipped'] = [];
      for (const position of open) {
        let check: CloseCheck;
        try {
          check = await checkManualClose(runtime, transaction, position, now);
        } catch (error) {
          if (!(error instanceof RefusedError)) throw error;
          skipped.push({ positionId: position.id, msg: error.key, params: error.params });
          continue;
        }
        closed.push(
          await closeInTransaction(
            transaction,
            dialect,
            position,
            check.tick,
            'close_all',
            check.feeRate,
            customerActor(owner),
            now,
          ),
        );
      }
      const names = await ProductNames.load(
        transaction,
        closed.map((position) => position.productCode),
      );
      return {
        closed: closed.map((position) => positionView(position, names, language, runtime.context.market)),
        skipped,
      };
    });
    for (const closedView of answer.closed) {
      const position = await findPosition(db, closedView.id);
      if (position) follow(runtime, position);
    }
    return answer;
  });
}

/** Replaces TP/SL of an open position, checked against the live price; the liquidation level stays. */
export async function updateStopPrices(
  runtime: ContractRuntime,
  owner: Owner,
  input: { positionId: number; stopProfitPrice?: string; stopLossPrice?: string },
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const updated = await db.transaction().execute(async (transaction) => {
      const position = await findOwnPosition(transaction, owner, input.positionId);
      if (!position) refuse('error.position_not_found');
      if (position.status !== contracts.POSITION_STATUS.open) refuse('error.position_closed');
      const tick = runtime.context.market.lastTick(position.productCode);
      if (!tick) refuse('error.market_closed');
      const stopProfit = parsePriceOrRefuse(input.stopProfitPrice, position.priceScale);
      const stopLoss = parsePriceOrRefuse(input.stopLossPrice, position.priceScale);
      const problem = checkStopLevels(directionOf(position), tick.price, stopProfit, stopLoss);
      if (problem) refuse(`error.${problem}`);
      if (!(await updateStops(transaction, position.id, { stopProfit, stopLoss }))) refuse('error.position_closed');
      const after = await findPosition(transaction, position.id);
      if (!after) throw new Error(`position ${position.id} vanished inside its edit`);
      return after;
    });
    follow(runtime, updated);
    return view(runtime, db, updated, language);
  });
}

/**
 * Closes one position because a tick crossed one of its levels, at that tick, as the system. Resolves
 * false when the position was already closed (a customer's close got there first).
 */
export async function closeByTrigger(
  runtime: ContractRuntime,
  positionId: number,
  reason: Extract<CloseReason, 'take_profit' | 'stop_loss' | 'liquidation'>,
  tick: ClosingTick,
): Promise<boolean> {
  const { db, dialect } = runtime.context.database;
  const now = runtime.context.clock();
  const closed = await db.transaction().execute(async (transaction) => {
    const position = await findPosition(transaction, positionId);
    if (!position || position.status !== contracts.POSITION_STATUS.open) return undefined;
    const feeRate = await feeRateOrRefuse(
      transaction,
      position.productType,
      POSITION_TYPE.contract,
      EXCHANGE_TYPE.sell,
    );
    return closeInTransaction(
      transaction,
      dialect,
      position,
      tick,
      reason,
      feeRate,
      { type: 'system', id: 'trigger-engine' },
      now,
    );
  });
  if (!closed) return false;
  follow(runtime, closed);
  return true;
}

export async function listPositions(
  runtime: ContractRuntime,
  owner: Owner,
  query: { pageNum: number; pageSize: number; status?: number; productCode?: string },
  language: LanguageCode,
): Promise<{ rows: PositionView[]; total: number }> {
  const { db } = runtime.context.database;
  const page = await listOwnPositions(db, owner, { status: query.status, productCode: query.productCode }, query);
  const names = await ProductNames.load(
    db,
    page.rows.map((row) => row.productCode),
  );
  return {
    rows: page.rows.map((row) => positionView(row, names, language, runtime.context.market)),
    total: page.total,
  };
}

export async function positionDetail(
  runtime: ContractRuntime,
  owner: Owner,
  positionId: number,
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  const position = await findOwnPosition(db, owner, positionId);
  if (!position) refuse('error.position_not_found');
  return view(runtime, db, position, language);
}
