import type { Kysely } from 'kysely';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { INSTRUMENTS, type InstrumentSpec, type ProductType } from '@kestrel/market';
import type { Database } from '../db/schema';

interface Defaults {
  leverList: string;
  maxMargin: string;
  minMargin: string;
  /** Largest order as a multiple of the instrument's typical trade. */
  maxQuantityTrades: bigint;
}

/**
 * Defaults a serious venue would use: leverage capped by asset class (regulated stock brokers offer at
 * most 4-10x, futures 20x on exchange margins, crypto and forex up to 100x), isolated margin
 * liquidated when the loss reaches 90% of it (method 2), a 10-second minimum holding time, and
 * trading that follows each product's market session.
 */
const BY_PRODUCT_TYPE: Record<ProductType, Defaults> = {
  1: { leverList: '1/2/5/10', minMargin: '10', maxMargin: '500000', maxQuantityTrades: 1000n },
  2: { leverList: '1/2/5/10/20/50/100', minMargin: '1', maxMargin: '1000000', maxQuantityTrades: 10_000n },
  3: { leverList: '1/2/5/10/20', minMargin: '100', maxMargin: '1000000', maxQuantityTrades: 100n },
  4: { leverList: '1/2/5/10/20/50/100', minMargin: '1', maxMargin: '1000000', maxQuantityTrades: 1000n },
};

export const DEFAULT_MIN_HOLD_SECONDS = 10;
export const DEFAULT_LIQUIDATION = { method: 2, ratio: '0.9' } as const;

export function defaultTradeSetting(instrument: InstrumentSpec, now: number) {
  const defaults = BY_PRODUCT_TYPE[instrument.productType];
  const scale = instrument.quantityScale;
  const typical = parseDecimal(instrument.typicalTradeQuantity, scale);
  // Forex trades in units of the base currency: the smallest order is a micro lot of 1,000.
  const minQuantity = instrument.productType === 4 ? parseDecimal('1000', scale) : 1n;
  return {
    product_code: instrument.productCode,
    lever_list: defaults.leverList,
    min_quantity: formatDecimal(minQuantity, scale),
    max_quantity: formatDecimal(typical * defaults.maxQuantityTrades, scale),
    min_margin: defaults.minMargin,
    max_margin: defaults.maxMargin,
    max_balance_share: '1',
    min_hold_seconds: DEFAULT_MIN_HOLD_SECONDS,
    trading_windows: '',
    liquidation_method: DEFAULT_LIQUIDATION.method,
    liquidation_ratio: DEFAULT_LIQUIDATION.ratio,
    updated_at: now,
  };
}

/** Tops up the trade settings of every catalogued product; an operator's edits are never overwritten. */
export async function seedTradeSettings(db: Kysely<Database>, now: number): Promise<void> {
  const rows = INSTRUMENTS.map((instrument) => defaultTradeSetting(instrument, now));
  await db
    .insertInto('product_trade_setting')
    .values(rows)
    .onConflict((conflict) => conflict.column('product_code').doNothing())
    .execute();
}
