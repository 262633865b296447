import type { Kysely } from 'kysely';
import { contracts, type LanguageCode, spot } from '@kestrel/contract';
import type { z } from 'zod';
import { formatDecimal, multiply, percentOf, profitAndLoss, divide, type ProductScales } from '@kestrel/domain';
import type { MarketFeed } from '@kestrel/market';
import type { Database } from '../../db/schema';
import { parseTranslations } from '../language/language-packs';
import { parseConfigDecimal } from '../../core/config-decimal';
import type { PositionRecord } from './position-repository';
import type { SpotOrderRecord } from './spot-repository';
import type { TradeRecordProduct } from './trade-record';
import { notionalOf } from '@kestrel/domain';

export type PositionView = z.input<typeof contracts.position>;
export type SpotOrderView = z.input<typeof spot.spotOrder>;
export type SpotHoldingView = z.input<typeof spot.spotHolding>;

interface ProductName {
  id: number;
  names: Record<string, string>;
  name: string;
}

/** Product ids and names for the codes on a page, in one query. */
export class ProductNames {
  private constructor(private readonly byCode: Map<string, ProductName>) {}

  static async load(db: Kysely<Database>, codes: Iterable<string>): Promise<ProductNames> {
    const unique = [...new Set(codes)];
    const rows =
      unique.length === 0
        ? []
        : await db
            .selectFrom('product')
            .select(['id', 'product_code', 'name', 'name_lang'])
            .where('product_code', 'in', unique)
            .execute();
    return new ProductNames(
      new Map(
        rows.map((row) => [row.product_code, { id: row.id, names: parseTranslations(row.name_lang), name: row.name }]),
      ),
    );
  }

  idOf(code: string): number {
    return this.byCode.get(code)?.id ?? 0;
  }

  nameOf(code: string, language: LanguageCode): string {
    const product = this.byCode.get(code);
    if (!product) return code;
    return product.names[language] ?? product.names.en ?? product.name;
  }
}

/** Views of records, with the product names they all need loaded in one query. */
export async function viewsWithNames<Traded extends { productCode: string }, View>(
  db: Kysely<Database>,
  records: readonly Traded[],
  toView: (record: Traded, names: ProductNames) => View,
): Promise<View[]> {
  const names = await ProductNames.load(
    db,
    records.map((record) => record.productCode),
  );
  return records.map((record) => toView(record, names));
}

/** The product a position or spot order is in, as both views open with it. */
function productView(record: TradeRecordProduct, names: ProductNames, language: LanguageCode) {
  return {
    id: record.id,
    productId: names.idOf(record.productCode),
    productCode: record.productCode,
    productName: names.nameOf(record.productCode, language),
    productType: record.productType,
  };
}

/** Money at the record's money scale and prices at its price scale, as text. */
function recordFormats(record: { moneyScale: number; priceScale: number }) {
  return {
    money: (units: bigint) => formatDecimal(units, record.moneyScale),
    price: (units: bigint) => formatDecimal(units, record.priceScale),
  };
}

export function recordScales(record: {
  priceScale: number;
  quantityScale: number;
  contractSize: string;
  moneyScale: number;
}): ProductScales {
  return {
    priceScale: record.priceScale,
    quantityScale: record.quantityScale,
    contractSize: parseConfigDecimal(record.contractSize),
    moneyScale: record.moneyScale,
  };
}

export function directionOf(record: { direction: number }): 'long' | 'short' {
  return record.direction === 0 ? 'long' : 'short';
}

/** The live price of an open position's product, or null when the feed has none. */
export function livePrice(market: MarketFeed, productCode: string): bigint | null {
  return market.lastTick(productCode)?.price ?? null;
}

/** Floating PnL of an open position at `price`. */
export function floatingPnl(record: PositionRecord, price: bigint): bigint {
  return profitAndLoss(directionOf(record), record.openPrice, price, record.quantity, recordScales(record));
}

const closeReasons = new Set<string>(contracts.CLOSE_REASONS);

export function positionView(
  record: PositionRecord,
  names: ProductNames,
  language: LanguageCode,
  market: MarketFeed,
): PositionView {
  const { money, price } = recordFormats(record);
  const open = record.status === contracts.POSITION_STATUS.open;
  const nowPrice = open ? livePrice(market, record.productCode) : record.closePrice;
  const pnl = open ? (nowPrice === null ? null : floatingPnl(record, nowPrice)) : record.realizedPnl;
  const reason = record.closeReason !== null && closeReasons.has(record.closeReason) ? record.closeReason : null;
  return {
    ...productView(record, names, language),
    orderDirection: record.direction,
    orderLever: record.leverage,
    orderNum: formatDecimal(record.quantity, record.quantityScale),
    openPrice: price(record.openPrice),
    orderTotalPrice: money(record.notional),
    marginAmount: money(record.margin),
    openFeeRate: record.openFeeRate,
    openFee: money(record.openFee),
    stopProfitPrice: record.stopProfit === null ? null : price(record.stopProfit),
    stopLossPrice: record.stopLoss === null ? null : price(record.stopLoss),
    liquidationPrice: record.liquidationPrice === null ? null : price(record.liquidationPrice),
    openTickId: record.openTickId,
    openTickSource: record.openTickSource,
    openTime: record.openTime,
    closableTime: record.closableTime,
    status: record.status,
    closePrice: record.closePrice === null ? null : price(record.closePrice),
    closeFeeRate: record.closeFeeRate,
    closeFee: record.closeFee === null ? null : money(record.closeFee),
    closeTickId: record.closeTickId,
    closeTickSource: record.closeTickSource,
    closeTime: record.closeTime,
    closeReason: reason as PositionView['closeReason'],
    nowPrice: nowPrice === null ? null : price(nowPrice),
    profitAndLose: pnl === null ? null : money(pnl),
    settledAmount: record.settled === null ? null : money(record.settled),
    demo: record.book === 'demo' ? 1 : 0,
    simulated: market.simulated,
  };
}

/** Held: marketValue - (amount + fee); sold: the realized PnL stored at the sale. */
export function spotOrderView(
  record: SpotOrderRecord,
  names: ProductNames,
  language: LanguageCode,
  market: MarketFeed,
): SpotOrderView {
  const { money, price } = recordFormats(record);
  const held = record.status === spot.SPOT_ORDER_STATUS.held;
  const nowPrice = held ? livePrice(market, record.productCode) : record.sellPrice;
  let marketValue: bigint | null = null;
  let pnl: bigint | null = null;
  if (held && nowPrice !== null) {
    marketValue = notionalOf(nowPrice, record.quantity, recordScales(record), 'down');
    pnl = marketValue - record.buyAmount - record.buyFee;
  } else if (!held) {
    marketValue = record.sellAmount;
    pnl = record.realizedPnl;
  }
  return {
    ...productView(record, names, language),
    orderNum: formatDecimal(record.quantity, record.quantityScale),
    buyPrice: price(record.buyPrice),
    buyAmount: money(record.buyAmount),
    buyFeeRate: record.buyFeeRate,
    buyFee: money(record.buyFee),
    buyTickId: record.buyTickId,
    buyTickSource: record.buyTickSource,
    buyTime: record.buyTime,
    status: record.status,
    sellPrice: record.sellPrice === null ? null : price(record.sellPrice),
    sellAmount: record.sellAmount === null ? null : money(record.sellAmount),
    sellFeeRate: record.sellFeeRate,
    sellFee: record.sellFee === null ? null : money(record.sellFee),
    sellTickId: record.sellTickId,
    sellTickSource: record.sellTickSource,
    sellTime: record.sellTime,
    nowPrice: nowPrice === null ? null : price(nowPrice),
    marketValue: marketValue === null ? null : money(marketValue),
    profitAndLose: pnl === null ? null : money(pnl),
    demo: record.book === 'demo' ? 1 : 0,
    simulated: market.simulated,
  };
}

export interface HoldingsView {
  holdings: SpotHoldingView[];
  totalMarketValue: string;
  totalProfitAndLose: string;
}

/** Held orders aggregated per product, in the order each product was first bought. */
export function holdingsView(
  held: readonly SpotOrderRecord[],
  names: ProductNames,
  language: LanguageCode,
  market: MarketFeed,
  moneyScale: number,
): HoldingsView {
  const groups = new Map<string, SpotOrderRecord[]>();
  for (const record of held) {
    const group = groups.get(record.productCode) ?? [];
    group.push(record);
    groups.set(record.productCode, group);
  }
  let totalMarketValue = 0n;
  let totalPnl = 0n;
  const holdings = [...groups.entries()].map(([productCode, orders]): SpotHoldingView => {
    const first = orders[0]!;
    const scales = recordScales(first);
    const quantity = orders.reduce((sum, order) => sum + order.quantity, 0n);
    const bought = orders.reduce((sum, order) => sum + order.buyAmount, 0n);
    const cost = orders.reduce((sum, order) => sum + order.buyAmount + order.buyFee, 0n);
    // Per unit of quantity and contract size, at the price scale, rounded up (what was paid).
    const perUnit = (amount: bigint) => {
      const size = scales.contractSize;
      const units = multiply(
        quantity,
        first.quantityScale,
        size.units,
        size.scale,
        first.quantityScale + size.scale,
        'down',
      );
      return divide(amount, first.moneyScale, units, first.quantityScale + size.scale, first.priceScale, 'up');
    };
    const nowPrice = livePrice(market, productCode);
    const marketValue = nowPrice === null ? null : notionalOf(nowPrice, quantity, scales, 'down');
    const pnl = marketValue === null ? null : marketValue - cost;
    totalMarketValue += marketValue ?? 0n;
    totalPnl += pnl ?? 0n;
    const rate = pnl === null ? null : percentOf(pnl, cost, first.moneyScale, 2);
    return {
      productId: names.idOf(productCode),
      productCode,
      productName: names.nameOf(productCode, language),
      productType: first.productType,
      quantity: formatDecimal(quantity, first.quantityScale),
      costAmount: formatDecimal(cost, first.moneyScale),
      averageCost: formatDecimal(perUnit(cost), first.priceScale),
      averagePrice: formatDecimal(perUnit(bought), first.priceScale),
      nowPrice: nowPrice === null ? null : formatDecimal(nowPrice, first.priceScale),
      marketValue: marketValue === null ? null : formatDecimal(marketValue, first.moneyScale),
      profitAndLose: pnl === null ? null : formatDecimal(pnl, first.moneyScale),
      profitRate: rate === null ? null : formatDecimal(rate, 2),
      orderCount: orders.length,
      simulated: market.simulated,
    };
  });
  return {
    holdings,
    totalMarketValue: formatDecimal(totalMarketValue, moneyScale),
    totalProfitAndLose: formatDecimal(totalPnl, moneyScale),
  };
}
