import { sql, type Kysely } from 'kysely';
import { fastTrade } from '@kestrel/contract';
import { divide, formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { RESULT_CODE } from './reasons';
import type { TradeCurrency } from '../ledger/trade-currency';

type Statistics = Omit<fastTrade.FastTradeStatistics, 'serverTime'>;

/** Whether a product exists and is shown (statistics of a hidden or unknown product are refused). */
export async function isVisibleProduct(db: Kysely<Database>, productCode: string): Promise<boolean> {
  const product = await db
    .selectFrom('product')
    .select('id')
    .where('product_code', '=', productCode)
    .where('is_visible', '=', 1)
    .executeTakeFirst();
  return product !== undefined;
}

/**
 * A product's published fast-trade figures over every customer's real-money orders (the demo book is
 * left out): counts by result, and what customers staked, got back and paid in fees on settled orders.
 * Computed from the order rows, whose amounts are the ones the settlement entries posted.
 */
export async function productStatistics(
  db: Kysely<Database>,
  productCode: string,
  currency: TradeCurrency,
): Promise<Statistics> {
  const rows = await db
    .selectFrom('fast_trade_order')
    .select([
      'status',
      'result',
      'money_scale',
      sql<number>`count(*)`.as('orders'),
      sql<string>`cast(coalesce(sum(stake_units), 0) as text)`.as('staked'),
      sql<string>`cast(coalesce(sum(payout_units), 0) as text)`.as('paid'),
      sql<string>`cast(coalesce(sum(fee_units), 0) as text)`.as('fees'),
    ])
    .where('product_code', '=', productCode)
    .where('book', '=', 'real')
    // Amounts at another scale (the trade currency changed since) are not summed with these.
    .where('currency_id', '=', currency.id)
    .groupBy(['status', 'result', 'money_scale'])
    .execute();
  const counts = { won: 0, lost: 0, tied: 0, open: 0 };
  let staked = 0n;
  let paid = 0n;
  let fees = 0n;
  for (const row of rows) {
    const orders = Number(row.orders);
    if (row.status === fastTrade.FAST_TRADE_STATUS.open) {
      counts.open += orders;
      continue;
    }
    if (row.result === RESULT_CODE.won) counts.won += orders;
    else if (row.result === RESULT_CODE.lost) counts.lost += orders;
    else counts.tied += orders;
    // Money columns are at the order's money_scale; bring them to the currency's present scale.
    const toScale = (units: string) => rescaleUnits(BigInt(units), row.money_scale, currency.scale);
    staked += toScale(row.staked);
    paid += toScale(row.paid);
    fees += toScale(row.fees);
  }
  const decided = counts.won + counts.lost;
  const winRate = decided === 0 ? 0n : divide(BigInt(counts.won) * 10_000n, 0, BigInt(decided), 0, 0, 'half-even');
  return {
    productCode,
    currencyId: currency.id,
    currencyName: currency.name,
    ordersWon: counts.won,
    ordersLost: counts.lost,
    ordersTied: counts.tied,
    ordersOpen: counts.open,
    totalStaked: formatDecimal(staked, currency.scale),
    totalPaidOut: formatDecimal(paid, currency.scale),
    totalFees: formatDecimal(fees, currency.scale),
    customersNetResult: formatDecimal(paid - staked - fees, currency.scale),
    customersNetResultBeforeFees: formatDecimal(paid - staked, currency.scale),
    winRatePercent: formatDecimal(winRate, 2),
  };
}

/** Units at `from` decimals expressed at `to` decimals (exact when widening; truncating, never used for payouts). */
function rescaleUnits(units: bigint, from: number, to: number): bigint {
  if (from === to) return units;
  return from < to ? units * 10n ** BigInt(to - from) : units / 10n ** BigInt(from - to);
}
