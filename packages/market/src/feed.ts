import type { Candle, InstrumentSpec, Interval, Tick, TickerInfo } from './types';

/** Called for every tick with the candles that tick just updated (one per interval), for push to clients. */
export type TickListener = (tick: Tick, candles: ReadonlyMap<Interval, Candle>) => void;

/**
 * What the server depends on: the simulator implements it, and so would an adapter for a real
 * provider. Unknown product codes answer undefined (or an empty list), never throw.
 */
export interface MarketFeed {
  /** 'simulator', or the provider's name; recorded with every price that decides money. */
  readonly source: string;
  /** True when prices are simulated, so every screen showing them can say so (DESIGN.md §4). */
  readonly simulated: boolean;
  readonly instruments: readonly InstrumentSpec[];
  start(): void;
  stop(): void;
  /** Returns the function that unsubscribes. */
  onTick(listener: TickListener): () => void;
  /** The latest tick; before the first live tick, the reference tick (seq 0, quantity 0) the feed started from. */
  lastTick(productCode: string): Tick | undefined;
  /**
   * The last tick at or before `timeMs`: from the ticks the feed kept (bounded per product), or, for a
   * time before them, a price rebuilt from candle history whose source ends in ':history' (seq 0).
   * Undefined when the feed knows no price at or before `timeMs`. Optional so that feeds written
   * before it existed still satisfy this interface; money decided at a past time needs it.
   */
  tickAt?(productCode: string, timeMs: number): Tick | undefined;
  /**
   * The kept ticks later than `afterTimeMs`, oldest first (bounded by what the feed keeps): what a
   * process taking over a product's price triggers replays. Optional, like tickAt.
   */
  ticksAfter?(productCode: string, afterTimeMs: number): Tick[];
  /** The newest `limit` candles (default and maximum: the series capacity), oldest first. */
  candles(productCode: string, interval: Interval, limit?: number): Candle[];
  tickerInfo(productCode: string): TickerInfo | undefined;
  /** tickerInfo's changeRate in basis points, for sorting the rankings without parsing strings. */
  changeRateBasisPoints(productCode: string): bigint | undefined;
}
