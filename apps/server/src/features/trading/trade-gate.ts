import type { Kysely, Selectable } from 'kysely';
import {
  FeeNotConfiguredError,
  findFeeRate,
  type ExchangeType,
  type PositionType,
  type ProductScales,
  type ProductType,
} from '@kestrel/domain';
import { findInstrument, isSessionOpen, type MarketFeed, type Tick } from '@kestrel/market';
import type { Database, ProductTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { parseConfigDecimal, type ScaledDecimal } from '../../core/config-decimal';
import { tradeCurrency } from '../ledger/trade-currency';
import { readTradeSettings, withinTradingWindows, type TradeSettings } from './trade-settings';

/** The trade currency: every market trades in it (API-FACTS: one unified trade currency, USDT). */
export interface TradeCurrency {
  currencyId: number;
  scale: number;
}

export async function readTradeCurrency(db: Kysely<Database>): Promise<TradeCurrency> {
  const currency = await tradeCurrency(db);
  return { currencyId: currency.id, scale: currency.scale };
}

export function scalesOf(
  row: { price_scale: number; quantity_scale: number; standard?: string; contract_size?: string },
  moneyScale: number,
): ProductScales {
  const contractSize = parseConfigDecimal(row.contract_size ?? row.standard ?? '1');
  return { priceScale: row.price_scale, quantityScale: row.quantity_scale, contractSize, moneyScale };
}

export interface TradableProduct {
  product: Selectable<ProductTable>;
  settings: TradeSettings;
  /** The live price: the feed's last tick. */
  tick: Tick;
  scales: ProductScales;
}

export interface GateOptions {
  /** Checked against the product's list ("/"-separated); omitted for closing what one already holds. */
  positionType?: PositionType;
  /** The productType the customer named; must match the product's. */
  productType?: number;
}

/** A visible product by code, or the refusal `error.unknown_product`. */
export async function productOrRefuse(db: Kysely<Database>, productCode: string): Promise<Selectable<ProductTable>> {
  const product = await db
    .selectFrom('product')
    .selectAll()
    .where('product_code', '=', productCode)
    .where('is_visible', '=', 1)
    .executeTakeFirst();
  return product ?? refuse('error.unknown_product');
}

export function positionTypesOf(product: { position_types: string }): number[] {
  return product.position_types
    .split('/')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isInteger(value));
}

/** Whether an order would be accepted now as far as time goes: the session is open and now is in a window. */
export function tradingOpen(settings: TradeSettings, productCode: string, now: number): boolean {
  const instrument = findInstrument(productCode);
  return !!instrument && isSessionOpen(instrument.session, now) && withinTradingWindows(settings.windows, now);
}

/**
 * Everything that must hold before a trade of `productCode` is priced, in the order a customer can
 * fix them: the product exists (and is of the named type), is not locked, offers this kind of trade,
 * its session is open, now is inside its trading windows, and the feed has a price.
 */
export async function tradableProduct(
  db: Kysely<Database>,
  market: MarketFeed,
  productCode: string,
  options: GateOptions,
  now: number,
  moneyScale: number,
): Promise<TradableProduct> {
  const product = await productOrRefuse(db, productCode);
  if (options.productType !== undefined && options.productType !== product.product_type) {
    refuse('error.product_type_mismatch');
  }
  if (product.is_lock === 1) refuse('error.product_locked');
  if (options.positionType !== undefined && !positionTypesOf(product).includes(options.positionType)) {
    refuse('error.position_type_unavailable');
  }
  const settings = await readTradeSettings(db, productCode);
  if (!settings) refuse('error.position_type_unavailable');
  const instrument = findInstrument(productCode);
  if (!instrument || !isSessionOpen(instrument.session, now)) refuse('error.market_closed');
  if (!withinTradingWindows(settings.windows, now)) refuse('error.outside_trading_window');
  const tick = market.lastTick(productCode);
  if (!tick) refuse('error.market_closed');
  return { product, settings, tick, scales: scalesOf(product, moneyScale) };
}

export interface FeeRate {
  text: string;
  rate: ScaledDecimal;
}

/** The configured rate for this trade, or the refusal `error.fee_not_configured` (never a silent zero). */
export async function feeRateOrRefuse(
  db: Kysely<Database>,
  productType: number,
  positionType: PositionType,
  exchangeType: ExchangeType,
): Promise<FeeRate> {
  const rate = await feeRateOrNull(db, productType, positionType, exchangeType);
  return rate ?? refuse('error.fee_not_configured');
}

export async function feeRateOrNull(
  db: Kysely<Database>,
  productType: number,
  positionType: PositionType,
  exchangeType: ExchangeType,
): Promise<FeeRate | null> {
  const settings = await db.selectFrom('order_fee_setting').select(['remark', 'fee_rate']).orderBy('id').execute();
  try {
    const text = findFeeRate(
      settings.map((row) => ({ remark: row.remark, feeRate: row.fee_rate })),
      { productType: productType as ProductType, positionType, exchangeType },
    );
    return { text, rate: parseConfigDecimal(text) };
  } catch (error) {
    if (error instanceof FeeNotConfiguredError) return null;
    throw error;
  }
}
