import { candleOpenTime, nextCandleOpenTime, previousCandleOpenTime } from './candles';
import { MEAN_TRADE_SIZE_FACTOR, type PriceModel, unitsFromLog, walkLogPrice } from './priceModel';
import type { Random } from './random';
import {
  lastTradingInstant,
  nextSessionDayStart,
  sessionDayEnd,
  sessionDayStart,
  sessionTimeBetween,
} from './sessions';
import type { Candle, Interval, SessionKind } from './types';

/**
 * Synthetic history: starting from the live price, walk backwards one bucket at a time. Each candle's
 * close is the next candle's open, so the series is continuous and its last close is exactly the live
 * price. Buckets with no trading time (nights and weekends for stocks, weekends for forex) are skipped,
 * and each candle's volatility and volume scale with the trading time inside it.
 */

/** How a timeline is cut into buckets: candle intervals, or whole trading days for the ticker. */
export interface BucketScheme {
  openTime(timeMs: number): number;
  nextOpenTime(openTime: number): number;
  previousOpenTime(openTime: number): number;
}

export function intervalScheme(interval: Interval): BucketScheme {
  return {
    openTime: (timeMs) => candleOpenTime(interval, timeMs),
    nextOpenTime: (openTime) => nextCandleOpenTime(interval, openTime),
    previousOpenTime: (openTime) => previousCandleOpenTime(interval, openTime),
  };
}

export function sessionDayScheme(session: SessionKind): BucketScheme {
  return {
    openTime: (timeMs) => sessionDayStart(session, timeMs),
    nextOpenTime: (openTime) => nextSessionDayStart(session, openTime),
    previousOpenTime: (openTime) => sessionDayStart(session, openTime - 1),
  };
}

export interface BackfillInput {
  model: PriceModel;
  scheme: BucketScheme;
  count: number;
  /** History covers trading time strictly before this instant; the bucket containing it is partial. */
  endTimeMs: number;
  endUnits: bigint;
  endLog: number;
  random: Random;
  tickIntervalMs: number;
}

/** How far the wicks reach beyond the candle body, relative to one standard deviation of the bucket. */
const WICK_SCALE = 0.5;
/** Day-to-day dispersion of volume (log-normal sigma). */
const VOLUME_DISPERSION = 0.35;

function syntheticCandle(
  input: BackfillInput,
  openTime: number,
  tradingMs: number,
  close: { units: bigint; log: number },
) {
  const { model, random } = input;
  const seconds = tradingMs / 1000;
  const openLog = walkLogPrice(model, close.log, seconds, random.normal());
  const open = unitsFromLog(model, openLog);
  const spread = model.volatilityPerSqrtSecond * Math.sqrt(seconds);
  const highWick = unitsFromLog(model, Math.max(openLog, close.log) + Math.abs(random.normal()) * spread * WICK_SCALE);
  const lowWick = unitsFromLog(model, Math.min(openLog, close.log) - Math.abs(random.normal()) * spread * WICK_SCALE);
  const bodyHigh = open > close.units ? open : close.units;
  const bodyLow = open < close.units ? open : close.units;
  const high = highWick > bodyHigh ? highWick : bodyHigh;
  const low = lowWick < bodyLow ? lowWick : bodyLow;
  const tickCount = Math.max(1, Math.round(tradingMs / input.tickIntervalMs));
  const dispersion = Math.exp(VOLUME_DISPERSION * random.normal() - (VOLUME_DISPERSION * VOLUME_DISPERSION) / 2);
  const volume = BigInt(
    Math.max(1, Math.round(model.typicalQuantityUnits * MEAN_TRADE_SIZE_FACTOR * tickCount * dispersion)),
  );
  // A typical price inside [low, high], so the average price (turnover / volume) is plausible.
  const typicalPrice = (open + high + low + close.units) / 4n;
  const candle: Candle = {
    openTime,
    open,
    high,
    low,
    close: close.units,
    volume,
    turnover: volume * typicalPrice,
    tickCount,
  };
  return { candle, openLog };
}

/** The trading day containing `timeMs`, or, when closed then, the last one before (which ends before it). */
function tradingWindowAt(session: SessionKind, timeMs: number): { start: number; end: number } {
  const start = sessionDayStart(session, timeMs);
  return { start, end: sessionDayEnd(session, start) };
}

/** `count` candles (fewer only if history runs out of trading time), oldest first. */
export function backfillCandles(input: BackfillInput): Candle[] {
  const { scheme, count, endTimeMs } = input;
  const session = input.model.instrument.session;
  const newestFirst: Candle[] = [];
  let close = { units: input.endUnits, log: input.endLog };
  let openTime = scheme.openTime(endTimeMs - 1);
  let window = { start: 0, end: 0 };
  // Every skip of closed time is followed by a bucket with trading in it, so 2 * count + 2 passes suffice.
  const maximumPasses = 2 * count + 2;
  for (let pass = 0; pass < maximumPasses && newestFirst.length < count; pass += 1) {
    const bucketEnd = Math.min(scheme.nextOpenTime(openTime), endTimeMs);
    if (openTime < window.start || openTime >= window.end) window = tradingWindowAt(session, openTime);
    // Intraday buckets mostly sit inside one trading day; only the others need the general count.
    const insideWindow = openTime >= window.start && bucketEnd <= window.end;
    const tradingMs = insideWindow ? bucketEnd - openTime : sessionTimeBetween(session, openTime, bucketEnd);
    if (tradingMs === 0) {
      openTime = scheme.openTime(lastTradingInstant(session, openTime) - 1);
      continue;
    }
    const { candle, openLog } = syntheticCandle(input, openTime, tradingMs, close);
    newestFirst.push(candle);
    close = { units: candle.open, log: openLog };
    openTime = scheme.previousOpenTime(openTime);
  }
  return newestFirst.reverse();
}
