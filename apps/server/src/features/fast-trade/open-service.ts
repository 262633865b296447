import { sql, type Kysely } from 'kysely';
import { fastTrade, type LanguageCode } from '@kestrel/contract';
import {
  FeeNotConfiguredError,
  FastTradeTermsError,
  fastTradeDurationMs,
  fastTradeFee,
  fastTradeOpenMovement,
  fastTradeTerms,
  findFeeRate,
  formatDecimal,
  parseDecimal,
  parseFastTradeRate,
  type FastTradeDirection,
  type ProductType,
} from '@kestrel/domain';
import { findInstrument, isSessionOpen, tickIdOf, type MarketFeed } from '@kestrel/market';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { parseCustomerAmount } from '../../core/amounts';
import type { Once } from '../../core/idempotency';
import { FAST_TRADE_REASONS, FAST_TRADE_REFERENCE } from './reasons';
import { findOrder, orderRecord } from './order-repository';
import { tradeCurrency, type TradeCurrency } from '../ledger/trade-currency';
import { bigintValue } from '../../core/columns';

/** Position type 0 in the order fee settings (SPEC §3). */
const FAST_POSITION_TYPE = 0;

export interface FastTradeRequest {
  fastTradeOrderOptionsId: number;
  orderDirection: number;
  orderPrice: string;
}

export interface Trader {
  userId: number;
  book: Book;
}

interface PreparedOrder {
  optionId: number;
  productCode: string;
  productType: number;
  priceScale: number;
  direction: FastTradeDirection;
  currency: TradeCurrency;
  stake: bigint;
  fee: bigint;
  feeRate: string;
  minUserAmount: bigint;
  durationValue: number;
  durationLabel: number;
  durationMs: number;
  winRatio: string;
  loseRatio: string;
  loseMoneyMethod: number;
}

export interface OpenDependencies {
  db: Kysely<Database>;
  market: MarketFeed;
  log: FastifyBaseLogger;
}

/** A customer's available balance in one book and currency, read without creating the account. */
export async function availableUnits(db: Kysely<Database>, trader: Trader, currencyId: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select(sql<string>`cast(balance_units as text)`.as('units'))
    .where('user_id', '=', trader.userId)
    .where('book', '=', trader.book)
    .where('currency_id', '=', currencyId)
    .where('kind', '=', 'available')
    .executeTakeFirst();
  return row ? BigInt(row.units) : 0n;
}

/** A configured amount of an option at the currency's scale; a malformed one makes the option unusable. */
function configuredAmount(text: string, scale: number, log: FastifyBaseLogger, optionId: number): bigint {
  try {
    const units = parseDecimal(text, scale);
    if (units < 0n) throw new RangeError('negative');
    return units;
  } catch (error) {
    log.error({ err: error, optionId, value: text }, 'fast trade option has a malformed amount');
    refuse('error.fast_trade_option_unavailable');
  }
}

/**
 * Every check of the brief, in order, before anything is written: a known option of a visible product;
 * the product not locked, offering fast trades (position type 0), its session open; the option's terms
 * usable; the stake a valid amount within [minBuyAmount, maxBuyAmount]; the fee configured; the
 * available balance at least minUserAmount and at least stake + fee. The balance is checked again inside
 * the transaction, and the ledger's conditional update has the last word.
 */
async function prepareOrder(
  dependencies: OpenDependencies,
  trader: Trader,
  input: FastTradeRequest,
  now: number,
): Promise<PreparedOrder> {
  const { db, log } = dependencies;
  const option = await db
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
    .where('option.id', '=', input.fastTradeOrderOptionsId)
    .where('product.is_visible', '=', 1)
    .executeTakeFirst();
  if (!option) refuse('error.fast_trade_option_not_found');
  if (option.is_lock === 1) refuse('error.product_locked');
  if (
    !option.position_types
      .split('/')
      .map((part) => part.trim())
      .includes(String(FAST_POSITION_TYPE))
  )
    refuse('error.position_type_unavailable');
  const instrument = findInstrument(option.product_code);
  if (!instrument || !isSessionOpen(instrument.session, now)) refuse('error.market_closed');

  let durationMs: number;
  try {
    fastTradeTerms({
      winRatio: option.win_ratio,
      loseRatio: option.lose_ratio,
      loseMoneyMethod: option.lose_money_method,
    });
    durationMs = fastTradeDurationMs(option.duration_value, option.duration_label);
  } catch (error) {
    if (!(error instanceof FastTradeTermsError)) throw error;
    log.error({ err: error, optionId: option.id }, 'fast trade option has unusable terms');
    refuse('error.fast_trade_option_unavailable');
  }

  const currency = await tradeCurrency(db);
  const stake = parseCustomerAmount(input.orderPrice, currency.scale);
  const minimum = configuredAmount(option.min_buy_amount, currency.scale, log, option.id);
  const maximum = configuredAmount(option.max_buy_amount, currency.scale, log, option.id);
  const minUserAmount = configuredAmount(option.min_user_amount, currency.scale, log, option.id);
  if (stake < minimum)
    refuse('error.fast_trade_stake_below_minimum', {
      min: formatDecimal(minimum, currency.scale, { trimZeros: true }),
    });
  if (stake > maximum)
    refuse('error.fast_trade_stake_above_maximum', {
      max: formatDecimal(maximum, currency.scale, { trimZeros: true }),
    });

  const direction: FastTradeDirection = input.orderDirection === 1 ? 1 : 0;
  const settings = await db.selectFrom('order_fee_setting').select(['remark', 'fee_rate']).execute();
  let feeRate: string;
  try {
    // Up is a buy, down a sell, as a contract's long and short (SPEC §3: exchange type 1 buy, 2 sell).
    feeRate = findFeeRate(
      settings.map((row) => ({ remark: row.remark, feeRate: row.fee_rate })),
      {
        productType: option.product_type as ProductType,
        positionType: FAST_POSITION_TYPE,
        exchangeType: direction === 0 ? 1 : 2,
      },
    );
  } catch (error) {
    if (!(error instanceof FeeNotConfiguredError)) throw error;
    refuse('error.fee_not_configured');
  }
  let fee: bigint;
  try {
    fee = fastTradeFee(stake, currency.scale, parseFastTradeRate(feeRate, 'fee rate'));
  } catch (error) {
    if (!(error instanceof FastTradeTermsError)) throw error;
    refuse('error.fee_not_configured');
  }

  // Fast refusals that take no lock; the transaction checks again.
  const available = await availableUnits(db, trader, currency.id);
  checkBalance(available, { stake, fee, minUserAmount, scale: currency.scale });

  return {
    optionId: option.id,
    productCode: option.product_code,
    productType: option.product_type,
    priceScale: option.price_scale,
    direction,
    currency,
    stake,
    fee,
    feeRate,
    minUserAmount,
    durationValue: option.duration_value,
    durationLabel: option.duration_label,
    durationMs,
    winRatio: option.win_ratio,
    loseRatio: option.lose_ratio,
    loseMoneyMethod: option.lose_money_method,
  };
}

function checkBalance(
  available: bigint,
  order: { stake: bigint; fee: bigint; minUserAmount: bigint; scale: number },
): void {
  if (available < order.minUserAmount)
    refuse('error.fast_trade_balance_below_minimum', {
      min: formatDecimal(order.minUserAmount, order.scale, { trimZeros: true }),
    });
  if (available < order.stake + order.fee) refuse('error.insufficient_balance');
}

/**
 * `fastTradeOrder/addFastTradeOrder`: one transaction inserts the order and posts one journal entry
 * recording the open tick (the feed's latest, whose price is the open price): available pays stake +
 * fee, the stake is held in the customer's frozen balance until settlement, the fee goes to fee income.
 */
export async function placeFastTrade(
  dependencies: OpenDependencies,
  trader: Trader,
  input: FastTradeRequest,
  request: { once: Once; now: number; language: LanguageCode },
): Promise<fastTrade.FastTradeOrderRecord> {
  const { market } = dependencies;
  const now = request.now;
  const prepared = await prepareOrder(dependencies, trader, input, now);
  return request.once(async (transaction) => {
    // The open tick is read as late as possible: the price the order is accepted at.
    const tick = market.lastTick(prepared.productCode);
    if (!tick) refuse('error.fast_trade_no_price');
    const available = await availableUnits(transaction, trader, prepared.currency.id);
    checkBalance(available, { ...prepared, scale: prepared.currency.scale });

    const inserted = await transaction
      .insertInto('fast_trade_order')
      .values({
        user_id: trader.userId,
        book: trader.book,
        option_id: prepared.optionId,
        product_code: prepared.productCode,
        product_type: prepared.productType,
        direction: prepared.direction,
        currency_id: prepared.currency.id,
        money_scale: prepared.currency.scale,
        price_scale: prepared.priceScale,
        stake_units: bigintValue(prepared.stake),
        fee_rate: prepared.feeRate,
        fee_units: bigintValue(prepared.fee),
        duration_value: prepared.durationValue,
        duration_label: prepared.durationLabel,
        duration_ms: prepared.durationMs,
        win_ratio: prepared.winRatio,
        lose_ratio: prepared.loseRatio,
        lose_money_method: prepared.loseMoneyMethod,
        open_price_units: bigintValue(tick.price),
        open_tick_id: tickIdOf(tick),
        open_tick_source: tick.source,
        open_tick_time: tick.time,
        open_entry_id: null,
        open_time: now,
        expiry_time: now + prepared.durationMs,
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

    const movement = fastTradeOpenMovement(prepared.stake, prepared.fee);
    const currencyId = prepared.currency.id;
    const legs = [
      {
        account: { userId: trader.userId, book: trader.book, currencyId, kind: 'available' },
        amount: movement.customerAvailable,
      },
      {
        account: { userId: trader.userId, book: trader.book, currencyId, kind: 'frozen' },
        amount: movement.customerHeld,
      },
      { account: platformAccount(trader.book, currencyId, PLATFORM_ACCOUNTS.feeIncome), amount: movement.feeIncome },
    ].filter((leg) => leg.amount !== 0n);
    const postings = [];
    for (const leg of legs)
      postings.push({ accountId: await accountId(transaction, leg.account), currencyId, amount: leg.amount });
    let entryId: number;
    try {
      ({ entryId } = await postEntry(
        transaction,
        {
          reasonCode: FAST_TRADE_REASONS.opened,
          referenceType: FAST_TRADE_REFERENCE,
          referenceId: String(inserted.id),
          actorType: 'customer',
          actorId: String(trader.userId),
          memo: `${prepared.productCode} ${prepared.direction === 0 ? 'up' : 'down'} ${prepared.durationValue}${'SMHD'[prepared.durationLabel] ?? ''}`,
          tickId: tickIdOf(tick),
          tickSource: tick.source,
          postings,
        },
        now,
      ));
    } catch (error) {
      if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
      throw error;
    }
    await transaction
      .updateTable('fast_trade_order')
      .set({ open_entry_id: entryId })
      .where('id', '=', inserted.id)
      .execute();
    const row = await findOrder(transaction, inserted.id);
    if (!row) throw new Error(`fast trade ${inserted.id} vanished inside its own transaction`);
    return orderRecord(row, { language: request.language, now, simulated: market.simulated });
  });
}
