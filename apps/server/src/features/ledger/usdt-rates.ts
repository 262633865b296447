import type { Kysely } from 'kysely';
import { CONSTANTS } from '@kestrel/contract';
import { multiply } from '@kestrel/domain';
import type { MarketFeed } from '@kestrel/market';
import type { Database } from '../../db/schema';
import { parseConfigDecimal, type ScaledDecimal } from '../../core/config-decimal';

/** The rates to USDT every valuation uses, and USDT's scale. */
export interface UsdtRates {
  usdtScale: number;
  /** By currency id; USDT itself is 1. A currency with neither a published rate nor a priced USDT pair is absent, never guessed. */
  rates: ReadonlyMap<number, ScaledDecimal>;
}

/** The market's last price of a product: what a coin without a published rate is valued at. */
export type LastPrice = Pick<MarketFeed, 'lastTick'>;

/**
 * Reads the rates every USDT valuation uses (the assets screen, the operators' dashboard): the
 * published rate (currency_exchange_rate, the one the wallet's exchange uses) where there is one;
 * otherwise, given the market, the last price of the coin's enabled coin-to-coin pair quoted in USDT
 * (the coins the order book trades, SOL ... TRX, have no published rate: without this they all read
 * "No USDT rate" although the app quotes them every second).
 */
export async function usdtRates(db: Kysely<Database>, market?: LastPrice): Promise<UsdtRates> {
  const usdt = CONSTANTS.usdtCurrencyId;
  const usdtCurrency = await db
    .selectFrom('platform_currency')
    .select('scale')
    .where('id', '=', usdt)
    .executeTakeFirst();
  const rateRows = await db
    .selectFrom('currency_exchange_rate')
    .select(['currency_id_from', 'rate'])
    .where('currency_id_to', '=', usdt)
    .orderBy('id')
    .execute();
  const rates = new Map<number, ScaledDecimal>();
  // The first published row of a pair is the rate (the wallet's exchange reads it the same way).
  for (const row of rateRows) {
    if (!rates.has(row.currency_id_from)) rates.set(row.currency_id_from, parseConfigDecimal(row.rate));
  }
  rates.set(usdt, { units: 1n, scale: 0 });
  if (market)
    for (const [currencyId, rate] of await marketRates(db, market))
      if (!rates.has(currencyId)) rates.set(currencyId, rate);
  return { usdtScale: usdtCurrency?.scale ?? 8, rates };
}

/**
 * One amount in USDT at these rates: signed units at `scale`, valued toward zero at USDT's scale (what a
 * customer is shown as owning rounds down, DESIGN.md §2; a figure is never paid). Null when the
 * currency has no rate: left out and named by the caller, never guessed. Every USDT valuation goes
 * through here: the wallet and assets panel (balances.ts), the team screen, the operators' dashboard.
 */
export function usdtValueOf(rates: UsdtRates, currencyId: number, units: bigint, scale: number): bigint | null {
  const rate = rates.rates.get(currencyId);
  if (!rate) return null;
  const magnitude = units < 0n ? -units : units;
  const value = multiply(magnitude, scale, rate.units, rate.scale, rates.usdtScale, 'down');
  return units < 0n ? -value : value;
}

/** The last price of each coin's enabled USDT pair, by the coin's id; a pair the market has not priced yet is left out. */
async function marketRates(db: Kysely<Database>, market: LastPrice): Promise<Map<number, ScaledDecimal>> {
  const pairs = await db
    .selectFrom('bibi_pair as pair')
    .innerJoin('product', 'product.product_code', 'pair.product_code')
    .select(['pair.base_currency_id', 'pair.product_code', 'product.price_scale'])
    .where('pair.quote_currency_id', '=', CONSTANTS.usdtCurrencyId)
    .where('pair.is_enabled', '=', 1)
    .orderBy('pair.product_code')
    .execute();
  const rates = new Map<number, ScaledDecimal>();
  for (const pair of pairs) {
    // A tick's price is in units at its product's price scale (packages/market Tick).
    const tick = market.lastTick(pair.product_code);
    if (tick && !rates.has(pair.base_currency_id))
      rates.set(pair.base_currency_id, { units: tick.price, scale: pair.price_scale });
  }
  return rates;
}
