import type { Kysely } from 'kysely';
import { CONSTANTS } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { parseConfigDecimal, type ScaledDecimal } from '../../core/config-decimal';

/** The published rates to USDT (currency_exchange_rate, the ones the wallet uses) and USDT's scale. */
export interface UsdtRates {
  usdtScale: number;
  /** By currency id; USDT itself is 1. A currency without a published rate is absent, never guessed. */
  rates: ReadonlyMap<number, ScaledDecimal>;
}

/** Reads the rates every USDT valuation uses (the assets screen, the operators' dashboard). */
export async function usdtRates(db: Kysely<Database>): Promise<UsdtRates> {
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
  return { usdtScale: usdtCurrency?.scale ?? 8, rates };
}
