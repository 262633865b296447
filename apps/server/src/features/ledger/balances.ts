import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { usdtRates, usdtValueOf, type LastPrice } from './usdt-rates';
import type { Book } from './accounts';
import { nullableUnitsText, unitsText } from '../../core/columns';

export interface CurrencyBalance {
  currencyId: number;
  currencyName: string;
  currencyImg: string;
  scale: number;
  /** Units at `scale`. */
  available: bigint;
  frozen: bigint;
  margin: bigint;
}

/**
 * One customer's balances in one book, one row per visible currency (zero where no account exists
 * yet), in the currencies' display order. The one balance query of the wallet screens: userBalance,
 * userBalanceConvert, personCenterPanelData and userBibiAssets all read it.
 */
export async function readBalances(db: Kysely<Database>, userId: number, book: Book): Promise<CurrencyBalance[]> {
  const rows = await db
    .selectFrom('platform_currency as currency')
    .leftJoin('ledger_account as account', (join) =>
      join
        .onRef('account.currency_id', '=', 'currency.id')
        .on('account.user_id', '=', userId)
        .on('account.book', '=', book),
    )
    .select([
      'currency.id',
      'currency.currency_name',
      'currency.image',
      'currency.scale',
      'account.kind',
      // Money leaves the database as text so no driver turns it into a floating-point Number.
      nullableUnitsText('account.balance_units', 'units'),
    ])
    .where('currency.is_visible', '=', 1)
    .orderBy('currency.sort')
    .orderBy('currency.id')
    .execute();
  const byCurrency = new Map<number, CurrencyBalance>();
  for (const row of rows) {
    const entry = byCurrency.get(row.id) ?? {
      currencyId: row.id,
      currencyName: row.currency_name,
      currencyImg: row.image,
      scale: row.scale,
      available: 0n,
      frozen: 0n,
      margin: 0n,
    };
    const units = row.units === null ? 0n : BigInt(row.units);
    if (row.kind === 'available') entry.available += units;
    // Staked principal and its accrued yield are the customer's, locked until maturity: shown as frozen.
    else if (row.kind === 'frozen' || row.kind === 'staked' || row.kind === 'staking_yield') entry.frozen += units;
    else if (row.kind === 'margin') entry.margin += units;
    byCurrency.set(row.id, entry);
  }
  return [...byCurrency.values()];
}

export interface ValuedBalance extends CurrencyBalance {
  /** (available + frozen + margin) in USDT units at `usdtScale`, rounded down; 0 when rateMissing. */
  usdtValue: bigint;
  marginUsdtValue: bigint;
  /** No rate to USDT is published for this currency: it is listed, its value is not guessed. */
  rateMissing: boolean;
}

export interface Valuation {
  rows: ValuedBalance[];
  usdtScale: number;
  /** The sum of the rows' usdtValue: the total the assets screen shows. */
  totalUsdt: bigint;
  marginUsdt: bigint;
}

/**
 * Values balances in USDT with the published rates (currency_exchange_rate, from the currency to
 * USDT) and, given the market, a coin-to-coin coin's last USDT price (usdt-rates.ts). What the
 * customer is shown as owning rounds down (DESIGN.md §2), per currency, and the total is the sum of
 * the rounded rows so the rows always add up to it.
 */
export async function valueInUsdt(
  db: Kysely<Database>,
  balances: readonly CurrencyBalance[],
  market?: LastPrice,
): Promise<Valuation> {
  const rates = await usdtRates(db, market);

  let totalUsdt = 0n;
  let marginUsdt = 0n;
  const rows = balances.map((balance): ValuedBalance => {
    const value = (units: bigint) => usdtValueOf(rates, balance.currencyId, units, balance.scale);
    const usdtValue = value(balance.available + balance.frozen + balance.margin);
    const marginUsdtValue = value(balance.margin);
    if (usdtValue === null || marginUsdtValue === null) {
      return { ...balance, usdtValue: 0n, marginUsdtValue: 0n, rateMissing: true };
    }
    totalUsdt += usdtValue;
    marginUsdt += marginUsdtValue;
    return { ...balance, usdtValue, marginUsdtValue, rateMissing: false };
  });
  return { rows, usdtScale: rates.usdtScale, totalUsdt, marginUsdt };
}

/**
 * A customer's available balance in one book and currency, read without creating the account (none
 * yet: zero). A service reads it before it decides and creates accounts only once it writes, so a
 * refused request leaves no account behind (a rolled-back insert still spends a PostgreSQL sequence number).
 */
export async function availableUnits(
  db: Kysely<Database>,
  owner: { userId: number; book: Book },
  currencyId: number,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select(unitsText('balance_units', 'units'))
    .where('user_id', '=', owner.userId)
    .where('book', '=', owner.book)
    .where('currency_id', '=', currencyId)
    .where('kind', '=', 'available')
    .executeTakeFirst();
  return row ? BigInt(row.units) : 0n;
}
