import type { Kysely } from 'kysely';
import type { fastTrade, LanguageCode } from '@kestrel/contract';
import {
  checkFastTradeOrder,
  decideFastTradeOpen,
  type FastTradeAccountRole,
  type FastTradeMove,
  type FastTradeOpening,
  type FastTradeOption,
  type FastTradeOrder,
} from '@kestrel/domain';
import { findInstrument, isSessionOpen, tickIdOf, type MarketFeed } from '@kestrel/market';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { refuse, refuseProblem } from '../../core/errors';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type AccountKey, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import type { Once } from '../../core/idempotency';
import { FAST_TRADE_REASONS, FAST_TRADE_REFERENCE } from './reasons';
import { findOrder, insertOpenOrder, orderRecord, setOpenEntry, type OrderTerms } from './order-repository';
import { tradeCurrency, type TradeCurrency } from '../ledger/trade-currency';
import { availableUnits } from '../ledger/balances';

export interface FastTradeRequest {
  fastTradeOrderOptionsId: number;
  orderDirection: number;
  orderPrice: string;
}

export interface Trader {
  userId: number;
  book: Book;
}

export interface OpenDependencies {
  db: Kysely<Database>;
  market: MarketFeed;
  log: FastifyBaseLogger;
}

/** An option as the rules see it, with the terms an order copies from it. */
type LoadedOption = FastTradeOption & OrderTerms;

/** An order that passed every check that needs no price. */
interface PreparedOrder {
  option: LoadedOption;
  currency: TradeCurrency;
  order: FastTradeOrder;
}

/** The option the customer named, with its product, if the product is visible. */
async function findOption(db: Kysely<Database>, optionId: number): Promise<LoadedOption | null> {
  const row = await db
    .selectFrom('fast_trade_order_option as option')
    .innerJoin('product', 'product.product_code', 'option.product_code')
    .select([
      'option.id',
      'option.product_code',
      'option.duration_value',
      'option.duration_label',
      'option.win_ratio',
      'option.lose_ratio',
      'option.min_buy_amount',
      'option.max_buy_amount',
      'option.min_user_amount',
      'option.lose_money_method',
      'product.product_type',
      'product.is_lock',
      'product.position_types',
      'product.price_scale',
    ])
    .where('option.id', '=', optionId)
    .where('product.is_visible', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    optionId: row.id,
    productCode: row.product_code,
    productType: row.product_type,
    priceScale: row.price_scale,
    positionTypes: row.position_types,
    locked: row.is_lock === 1,
    durationValue: row.duration_value,
    durationLabel: row.duration_label,
    winRatio: row.win_ratio,
    loseRatio: row.lose_ratio,
    loseMoneyMethod: row.lose_money_method,
    minBuyAmount: row.min_buy_amount,
    maxBuyAmount: row.max_buy_amount,
    minUserAmount: row.min_user_amount,
  };
}

function sessionOpen(productCode: string, now: number): boolean {
  const instrument = findInstrument(productCode);
  return !!instrument && isSessionOpen(instrument.session, now);
}

/**
 * Every check that needs no price, before any transaction (checkFastTradeOrder says which, in order).
 * These are fast refusals that take no lock: the transaction checks the balance again, and the ledger's
 * conditional update has the last word. An unusable option is logged as the operator's fault.
 */
async function prepareOrder(
  dependencies: OpenDependencies,
  trader: Trader,
  input: FastTradeRequest,
  now: number,
): Promise<PreparedOrder> {
  const { db, log } = dependencies;
  const option = await findOption(db, input.fastTradeOrderOptionsId);
  const currency = await tradeCurrency(db);
  const feeSettings = await db.selectFrom('order_fee_setting').select(['remark', 'fee_rate']).execute();
  const available = await availableUnits(db, trader, currency.id);
  const check = checkFastTradeOrder({
    option,
    sessionOpen: option !== null && sessionOpen(option.productCode, now),
    direction: input.orderDirection === 1 ? 1 : 0,
    stake: input.orderPrice,
    moneyScale: currency.scale,
    feeSettings: feeSettings.map((row) => ({ remark: row.remark, feeRate: row.fee_rate })),
    available,
  });
  if (check.problem) {
    const { fault } = check;
    if (fault) {
      const value = fault.value === undefined ? {} : { value: fault.value };
      log.error({ err: fault.error, optionId: input.fastTradeOrderOptionsId, ...value }, fault.message);
    }
    return refuseProblem(check.problem);
  }
  return { option: check.option, currency, order: check.order };
}

/**
 * `fastTradeOrder/addFastTradeOrder`: one transaction inserts the order and posts one journal entry
 * recording the open tick (the feed's latest, whose price is the open price): available pays stake +
 * fee, the stake is held in the customer's frozen balance until settlement, the fee goes to fee income.
 * The answer is the order as the customer reads it, in the request's language: it is what a replay of
 * the same key returns, so it is built here, inside the transaction that stores it.
 */
export async function placeFastTrade(
  dependencies: OpenDependencies,
  trader: Trader,
  input: FastTradeRequest,
  request: { once: Once; now: number; language: LanguageCode },
): Promise<fastTrade.FastTradeOrderRecord> {
  const { market } = dependencies;
  const { now } = request;
  const prepared = await prepareOrder(dependencies, trader, input, now);
  return request.once(async (transaction) => {
    // The open tick is read as late as possible: the price the order is accepted at.
    const tick = market.lastTick(prepared.option.productCode);
    const available = await availableUnits(transaction, trader, prepared.currency.id);
    const decision = decideFastTradeOpen({
      order: prepared.order,
      tick: tick ? { price: tick.price, id: tickIdOf(tick), source: tick.source, time: tick.time } : null,
      available,
      now,
    });
    if (decision.problem) return refuseProblem(decision.problem);
    const orderId = await writeOrder(transaction, trader, prepared, decision);
    const row = await findOrder(transaction, orderId);
    if (!row) throw new Error(`fast trade ${orderId} vanished inside its own transaction`);
    return orderRecord(row, { language: request.language, now, simulated: market.simulated });
  });
}

/** Inserts the order and posts its opening entry; answers the order's id. */
async function writeOrder(
  transaction: Kysely<Database>,
  trader: Trader,
  prepared: PreparedOrder,
  decided: { opening: FastTradeOpening; moves: FastTradeMove[] },
): Promise<number> {
  const { option, currency } = prepared;
  const { opening } = decided;
  const orderId = await insertOpenOrder(transaction, { owner: trader, currency, terms: option, opening });
  const postings = [];
  for (const move of decided.moves) {
    const account = await accountId(transaction, accountOf(trader, currency.id, move.role));
    postings.push({ accountId: account, currencyId: currency.id, amount: move.amount });
  }
  let entryId: number;
  try {
    ({ entryId } = await postEntry(
      transaction,
      {
        reasonCode: FAST_TRADE_REASONS.opened,
        referenceType: FAST_TRADE_REFERENCE,
        referenceId: String(orderId),
        actorType: 'customer',
        actorId: String(trader.userId),
        memo: `${option.productCode} ${opening.direction === 0 ? 'up' : 'down'} ${option.durationValue}${'SMHD'[option.durationLabel] ?? ''}`,
        tickId: opening.openTick.id,
        tickSource: opening.openTick.source,
        postings,
      },
      opening.openTime,
    ));
  } catch (error) {
    if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
    throw error;
  }
  await setOpenEntry(transaction, orderId, entryId);
  return orderId;
}

/** The ledger account a move's role stands for, in the trader's book and the trade currency. */
function accountOf(trader: Trader, currencyId: number, role: FastTradeAccountRole): AccountKey {
  if (role === 'fee_income') return platformAccount(trader.book, currencyId, PLATFORM_ACCOUNTS.feeIncome);
  return { userId: trader.userId, book: trader.book, currencyId, kind: role };
}
