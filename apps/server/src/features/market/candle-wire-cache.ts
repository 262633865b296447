import type { Candle as WireCandle } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Candle, InstrumentSpec, Interval } from '@kestrel/market';

/** Closed candles kept per product and interval; past this the oldest are dropped (a Map keeps insertion order). */
const CANDLES_PER_SERIES_MAX = 1_500;

export function candleToWire(candle: Candle, instrument: InstrumentSpec): WireCandle {
  return {
    time: candle.openTime,
    open: formatDecimal(candle.open, instrument.priceScale),
    high: formatDecimal(candle.high, instrument.priceScale),
    low: formatDecimal(candle.low, instrument.priceScale),
    close: formatDecimal(candle.close, instrument.priceScale),
    volume: formatDecimal(candle.volume, instrument.quantityScale),
    turnover: formatDecimal(candle.turnover, instrument.priceScale + instrument.quantityScale),
  };
}

/**
 * Candles as decimal strings, formatted once: a closed candle never changes, so only the newest
 * (still forming) candle of a request is formatted again. Formatting 500 candles was most of the
 * cost of a chart request (bench:read).
 */
export class CandleWireCache {
  private readonly series = new Map<string, Map<number, WireCandle>>();

  toWire(instrument: InstrumentSpec, interval: Interval, candles: readonly Candle[]): WireCandle[] {
    const key = `${instrument.productCode}|${interval}`;
    let closed = this.series.get(key);
    if (!closed) {
      closed = new Map();
      this.series.set(key, closed);
    }
    const lastIndex = candles.length - 1;
    const wire = candles.map((candle, index) => {
      if (index === lastIndex) return candleToWire(candle, instrument);
      let cached = closed.get(candle.openTime);
      if (!cached) {
        cached = candleToWire(candle, instrument);
        closed.set(candle.openTime, cached);
      }
      return cached;
    });
    for (const openTime of closed.keys()) {
      if (closed.size <= CANDLES_PER_SERIES_MAX) break;
      closed.delete(openTime);
    }
    return wire;
  }
}
