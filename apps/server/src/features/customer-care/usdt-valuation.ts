import type { Kysely } from 'kysely';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { usdtRates, usdtValueOf, type LastPrice } from '../ledger/usdt-rates';

/** An amount in one currency: signed units at `scale`. */
export interface CurrencyAmount {
  currencyId: number;
  scale: number;
  units: bigint;
}

/** A sum in USDT, and the currencies it could not include for want of a rate. */
export interface UsdtTotal {
  usdt: string;
  unvalued: number[];
}

/**
 * Sums amounts in USDT the way the customer's wallet values them (ledger/usdt-rates.ts usdtValueOf: the
 * published rate, else the last price of the coin's USDT pair, each toward zero at USDT's scale). An
 * amount in a currency without either is left out and named, never guessed.
 */
export async function usdtValuer(
  db: Kysely<Database>,
  market?: LastPrice,
): Promise<(amounts: readonly CurrencyAmount[]) => UsdtTotal> {
  const rates = await usdtRates(db, market);
  return (amounts) => {
    let total = 0n;
    const unvalued = new Set<number>();
    for (const amount of amounts) {
      const value = usdtValueOf(rates, amount.currencyId, amount.units, amount.scale);
      if (value === null) {
        if (amount.units !== 0n) unvalued.add(amount.currencyId);
        continue;
      }
      total += value;
    }
    return { usdt: formatDecimal(total, rates.usdtScale), unvalued: [...unvalued] };
  };
}
