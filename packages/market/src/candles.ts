import { DAY_MS } from './newYorkTime';
import type { Candle, Interval, Tick } from './types';

/**
 * Candle buckets and exact aggregation. Buckets are aligned in UTC: minutes and hours from the epoch
 * (4h buckets start 00:00, 04:00, ... UTC), weeks on Monday 00:00 UTC, months on the first at 00:00 UTC.
 */

const FIXED_INTERVAL_MS: Record<Exclude<Interval, '1M'>, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': DAY_MS,
  '1w': 7 * DAY_MS,
};

/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC is four days later. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

export function candleOpenTime(interval: Interval, timeMs: number): number {
  if (interval === '1M') {
    const date = new Date(timeMs);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  const length = FIXED_INTERVAL_MS[interval];
  const origin = interval === '1w' ? FIRST_MONDAY_MS : 0;
  return Math.floor((timeMs - origin) / length) * length + origin;
}

/** Open time of the bucket after the one opening at `openTime`. */
export function nextCandleOpenTime(interval: Interval, openTime: number): number {
  if (interval === '1M') {
    const date = new Date(openTime);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return openTime + FIXED_INTERVAL_MS[interval];
}

/** Open time of the bucket before the one opening at `openTime`. */
export function previousCandleOpenTime(interval: Interval, openTime: number): number {
  if (interval === '1M') {
    const date = new Date(openTime);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
  }
  return openTime - FIXED_INTERVAL_MS[interval];
}

/** A one-tick candle. */
export function candleFromTick(openTime: number, tick: Tick): Candle {
  return {
    openTime,
    open: tick.price,
    high: tick.price,
    low: tick.price,
    close: tick.price,
    volume: tick.quantity,
    turnover: tick.price * tick.quantity,
    tickCount: 1,
  };
}

/**
 * Folds a tick into the candle of the bucket opening at `openTime`: extends `candle` when it is that
 * bucket, starts a new candle otherwise. Returns a new object; `candle` is never mutated.
 */
export function applyTickToBucket(candle: Candle | undefined, tick: Tick, openTime: number): Candle {
  if (!candle || candle.openTime !== openTime) {
    if (candle && openTime < candle.openTime) {
      throw new RangeError(
        `tick ${tick.productCode}#${tick.seq} at ${tick.time} is older than the candle opening at ${candle.openTime}`,
      );
    }
    return candleFromTick(openTime, tick);
  }
  return {
    openTime,
    open: candle.open,
    high: tick.price > candle.high ? tick.price : candle.high,
    low: tick.price < candle.low ? tick.price : candle.low,
    close: tick.price,
    volume: candle.volume + tick.quantity,
    turnover: candle.turnover + tick.price * tick.quantity,
    tickCount: candle.tickCount + 1,
  };
}

/** Exact aggregation of one tick into `interval` candles. Throws on a tick older than `candle`'s bucket. */
export function applyTick(candle: Candle | undefined, tick: Tick, interval: Interval): Candle {
  return applyTickToBucket(candle, tick, candleOpenTime(interval, tick.time));
}
