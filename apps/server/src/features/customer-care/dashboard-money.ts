import { sql, type Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { PLATFORM_ACCOUNTS, PLATFORM_USER_ID } from '../ledger/accounts';
import type { LastPrice } from '../ledger/usdt-rates';
import { usdtValuer, type CurrencyAmount } from './usdt-valuation';

const DAY_MS = 24 * 3600 * 1000;
const REAL_BOOK = 'real';

type SumRow = { currency_id: number; scale: number; total: string | null };

function amounts(rows: readonly SumRow[]): CurrencyAmount[] {
  return rows.map((row) => ({ currencyId: row.currency_id, scale: row.scale, units: BigInt(row.total ?? '0') }));
}

const sumText = (column: string) => sql<string | null>`cast(sum(${sql.ref(column)}) as text)`.as('total');

/** Real-book trading volume since `since`, per currency, for each kind of trading. */
async function volumes(db: Kysely<Database>, since: number) {
  const [spotBought, spotSold, contracts, fastTrades, coinToCoin] = await Promise.all([
    db
      .selectFrom('spot_order')
      .select(['currency_id', 'money_scale as scale', sumText('buy_amount_units')])
      .where('book', '=', REAL_BOOK)
      .where('buy_time', '>=', since)
      .groupBy(['currency_id', 'money_scale'])
      .execute(),
    db
      .selectFrom('spot_order')
      .select(['currency_id', 'money_scale as scale', sumText('sell_amount_units')])
      .where('book', '=', REAL_BOOK)
      .where('sell_time', '>=', since)
      .groupBy(['currency_id', 'money_scale'])
      .execute(),
    db
      .selectFrom('contract_position')
      .select(['currency_id', 'money_scale as scale', sumText('notional_units')])
      .where('book', '=', REAL_BOOK)
      .where('open_time', '>=', since)
      .groupBy(['currency_id', 'money_scale'])
      .execute(),
    db
      .selectFrom('fast_trade_order')
      .select(['currency_id', 'money_scale as scale', sumText('stake_units')])
      .where('book', '=', REAL_BOOK)
      .where('open_time', '>=', since)
      .groupBy(['currency_id', 'money_scale'])
      .execute(),
    // Coin-to-coin is real money only; a fill's amount is at its taker order's quote scale.
    db
      .selectFrom('bibi_trade as trade')
      .innerJoin('bibi_pair as pair', 'pair.product_code', 'trade.product_code')
      .innerJoin('bibi_order as taker', 'taker.id', 'trade.taker_order_id')
      .select(['pair.quote_currency_id as currency_id', 'taker.quote_scale as scale', sumText('trade.amount_units')])
      .where('trade.created_at', '>=', since)
      .groupBy(['pair.quote_currency_id', 'taker.quote_scale'])
      .execute(),
  ]);
  return { spot: [...spotBought, ...spotSold], contracts, fastTrades, coinToCoin };
}

/**
 * Postings to the platform's real-book accounts of `kind` in entries made since `since`: the window
 * starts at the first entry of the window (journal entries are numbered in time order), so only the
 * window's postings are read.
 */
async function platformPostingsSince(db: Kysely<Database>, kind: string, since: number): Promise<CurrencyAmount[]> {
  const first = await db
    .selectFrom('journal_entry')
    .select(sql<number | null>`min(id)`.as('id'))
    .where('created_at', '>=', since)
    .executeTakeFirst();
  if (first?.id === null || first?.id === undefined) return [];
  const rows = await db
    .selectFrom('posting')
    .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'posting.currency_id')
    .select(['posting.currency_id', 'currency.scale', sumText('posting.amount_units')])
    .where('posting.entry_id', '>=', Number(first.id))
    .where('account.user_id', '=', PLATFORM_USER_ID)
    .where('account.book', '=', REAL_BOOK)
    .where('account.kind', '=', kind)
    .groupBy(['posting.currency_id', 'currency.scale'])
    .execute();
  return amounts(rows);
}

/** The balances of the platform's real-book accounts of `kind`, per currency. */
async function platformBalances(db: Kysely<Database>, kind: string): Promise<CurrencyAmount[]> {
  const rows = await db
    .selectFrom('ledger_account as account')
    .innerJoin('platform_currency as currency', 'currency.id', 'account.currency_id')
    .select(['account.currency_id', 'currency.scale', sumText('account.balance_units')])
    .where('account.user_id', '=', PLATFORM_USER_ID)
    .where('account.book', '=', REAL_BOOK)
    .where('account.kind', '=', kind)
    .groupBy(['account.currency_id', 'currency.scale'])
    .execute();
  return amounts(rows);
}

/**
 * The dashboard's money figures, real book only, in USDT: trading volume over the last 24 h (spot
 * buys and sells by amount, contracts opened by notional, fast trades by stake, coin-to-coin fills by
 * quote amount), fee income over 24 h (postings to fee_income), and the trading house's result over
 * 24 h and in all (postings to and the balance of trading_house: positive when customers lost).
 */
export async function dashboardMoney(
  db: Kysely<Database>,
  now: number,
  market?: LastPrice,
): Promise<NonNullable<operatorCustomers.Dashboard['money']>> {
  const since = now - DAY_MS;
  const house = PLATFORM_ACCOUNTS.tradingHouse.kind;
  const [valued, traded, fees, house24h, houseTotal] = await Promise.all([
    usdtValuer(db, market),
    volumes(db, since),
    platformPostingsSince(db, PLATFORM_ACCOUNTS.feeIncome.kind, since),
    platformPostingsSince(db, house, since),
    platformBalances(db, house),
  ]);
  const figures = {
    spot: valued(amounts(traded.spot)),
    contracts: valued(amounts(traded.contracts)),
    fastTrades: valued(amounts(traded.fastTrades)),
    coinToCoin: valued(amounts(traded.coinToCoin)),
    fees: valued(fees),
    house24h: valued(house24h),
    houseTotal: valued(houseTotal),
  };
  const unvaluedIds = new Set(Object.values(figures).flatMap((figure) => figure.unvalued));
  const unvalued =
    unvaluedIds.size === 0
      ? []
      : await db
          .selectFrom('platform_currency')
          .select('currency_name')
          .where('id', 'in', [...unvaluedIds])
          .orderBy('id')
          .execute();
  return {
    volume24h: {
      spot: figures.spot.usdt,
      contracts: figures.contracts.usdt,
      fastTrades: figures.fastTrades.usdt,
      coinToCoin: figures.coinToCoin.usdt,
    },
    feeIncome24h: figures.fees.usdt,
    houseResult24h: figures.house24h.usdt,
    houseResultTotal: figures.houseTotal.usdt,
    unvaluedCurrencies: unvalued.map((row) => row.currency_name),
  };
}
