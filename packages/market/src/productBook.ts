import { CandleSeries } from './candleSeries';
import { SessionDays } from './sessionDays';
import { buildTickerInfo, changeRateBasisPoints, referencePrice } from './ticker';
import { type Candle, type InstrumentSpec, type Interval, INTERVALS, type Tick, type TickerInfo } from './types';

/** Everything a feed keeps about one product: its last tick, a candle series per interval, its trading days. */
export class ProductBook {
  private readonly series = new Map<Interval, CandleSeries>();
  private latestTick: Tick;

  constructor(
    readonly instrument: InstrumentSpec,
    referenceTick: Tick,
    capacity: number,
    private readonly days: SessionDays,
    private readonly simulated: boolean,
  ) {
    this.latestTick = referenceTick;
    for (const interval of INTERVALS) this.series.set(interval, new CandleSeries(interval, capacity));
  }

  get lastTick(): Tick {
    return this.latestTick;
  }

  /** Seeds history; `candles` must be oldest first and precede any live tick. */
  seed(interval: Interval, candles: readonly Candle[]): void {
    const series = this.requireSeries(interval);
    for (const candle of candles) series.append(candle);
  }

  /** Folds a live tick into every interval and the trading days; returns the candles it updated. */
  applyTick(tick: Tick): ReadonlyMap<Interval, Candle> {
    const updated = new Map<Interval, Candle>();
    for (const [interval, series] of this.series) updated.set(interval, series.applyTick(tick));
    this.days.applyTick(tick);
    this.latestTick = tick;
    return updated;
  }

  candles(interval: Interval, limit?: number): Candle[] {
    return this.requireSeries(interval).last(limit);
  }

  tickerInfo(): TickerInfo {
    return buildTickerInfo({
      instrument: this.instrument,
      nowPrice: this.latestTick.price,
      updated: this.latestTick.time,
      day: this.days.current,
      minute: this.requireSeries('1m').latest(),
      prevDay: this.days.previous,
      simulated: this.simulated,
    });
  }

  changeRateBasisPoints(): bigint {
    const nowPrice = this.latestTick.price;
    return changeRateBasisPoints(
      nowPrice,
      referencePrice({ nowPrice, day: this.days.current, prevDay: this.days.previous }),
    );
  }

  private requireSeries(interval: Interval): CandleSeries {
    const series = this.series.get(interval);
    if (!series) throw new RangeError(`unknown interval ${String(interval)}`);
    return series;
  }
}
