import type { Kysely } from 'kysely';
import { formatDecimal, multiply } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { usdtRates } from '../ledger/usdt-rates';

/** An amount in one currency: signed units at `scale`. */
export interface CurrencyAmount {
  currencyId: number;
  scale: number;
  units: bigint;
}

/** A sum in USDT, and the currencies it could not include for want of a published rate. */
export interface UsdtTotal {
  usdt: string;
  unvalued: number[];
}

/**
 * Values amounts in USDT at the published rates (currency_exchange_rate to USDT, the ones the wallet
 * uses), each rounded toward zero at USDT's scale (a figure shown, never paid). An amount in a
 * currency without a rate is left out and named, never guessed.
 */
export async function usdtValuer(db: Kysely<Database>): Promise<(amounts: readonly CurrencyAmount[]) => UsdtTotal> {
  const { usdtScale, rates } = await usdtRates(db);
  return (amounts) => {
    let total = 0n;
    const unvalued = new Set<number>();
    for (const amount of amounts) {
      const rate = rates.get(amount.currencyId);
      if (!rate) {
        if (amount.units !== 0n) unvalued.add(amount.currencyId);
        continue;
      }
      const magnitude = amount.units < 0n ? -amount.units : amount.units;
      const value = multiply(magnitude, amount.scale, rate.units, rate.scale, usdtScale, 'down');
      total += amount.units < 0n ? -value : value;
    }
    return { usdt: formatDecimal(total, usdtScale), unvalued: [...unvalued] };
  };
}
