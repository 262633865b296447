/**
 * The shapes market data travels in. Prices and quantities are bigint units at the product's
 * scale (DESIGN.md §2); only the wire turns them into decimal strings.
 */

/** SPEC §3 product types: 1 US stock, 2 crypto, 3 futures, 4 forex. */
export type ProductType = 1 | 2 | 3 | 4;

export type SessionKind = 'us-equity' | 'crypto' | 'forex' | 'futures';

export interface InstrumentSpec {
  productCode: string;
  productType: ProductType;
  name: string;
  /** Decimal places of the price. */
  priceScale: number;
  /** Decimal places of the quantity. */
  quantityScale: number;
  /** Smallest price step as a decimal string (a multiple of one unit at priceScale). */
  tickSize: string;
  /** Where the simulator starts and what its long-run level reverts to. */
  startPrice: string;
  annualVolatilityBasisPoints: number;
  /** Median size of one simulated trade, decimal string at quantityScale. */
  typicalTradeQuantity: string;
  /** Units of the underlying per one quantity unit (futures multiplier; 1 for everything else). */
  contractSize: string;
  session: SessionKind;
  description: string;
}

export interface Tick {
  productCode: string;
  /** Units at priceScale, at least 1. */
  price: bigint;
  /** Units at quantityScale. Zero only on the reference tick (seq 0) that a feed starts from. */
  quantity: bigint;
  time: number;
  source: string;
  /** Per product, strictly increasing. */
  seq: number;
}

export type Interval = '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '1d' | '1w' | '1M';

export const INTERVALS: readonly Interval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'];

export interface Candle {
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Units at quantityScale. */
  volume: bigint;
  /** Sum of price * quantity, units at priceScale + quantityScale. */
  turnover: bigint;
  tickCount: number;
}

/** One SPEC §3 tickerInfo block, wire-ready (JSON-safe: no bigint). */
export interface TickerBlock {
  open: string;
  close: string;
  max: string;
  min: string;
  volume: string;
  averagePrice: string;
  tradeAmount: string;
}

export interface TickerInfo {
  ticker: string;
  nowPrice: string;
  /** Percent change against the previous session day's close, exactly 2 decimals. */
  changeRate: string;
  changePrice: string;
  day: TickerBlock;
  minute: TickerBlock;
  prevDay: TickerBlock;
  updated: number;
  /** Always true from the simulator; DESIGN.md §4 requires simulated prices to be labelled. */
  simulated: boolean;
}
