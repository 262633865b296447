import { parseDecimal } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './catalogue';
import { candleOpenTime, nextCandleOpenTime } from './candles';
import { sessionTimeBetween } from './sessions';
import { MarketSimulator } from './simulator';
import { type Candle, type InstrumentSpec, type Interval, INTERVALS } from './types';

const END_TIMES = {
  'Wednesday mid-session': Date.UTC(2026, 10, 18, 15, 0, 30),
  Saturday: Date.UTC(2026, 10, 21, 12, 0),
  'Monday at the stock open': Date.UTC(2026, 10, 23, 14, 30),
  'Monday after daylight saving starts': Date.UTC(2026, 2, 9, 14, 0),
};

/** Every way a backfilled series could be wrong, as readable strings (empty when all is well). */
function problems(
  instrument: InstrumentSpec,
  interval: Interval,
  candles: readonly Candle[],
  endTimeMs: number,
  livePrice: bigint,
): string[] {
  const found: string[] = [];
  const tick = parseDecimal(instrument.tickSize, instrument.priceScale);
  const say = (index: number, what: string) => found.push(`${instrument.productCode} ${interval} #${index}: ${what}`);
  candles.forEach((candle, index) => {
    const { open, high, low, close, volume, turnover } = candle;
    if (candleOpenTime(interval, candle.openTime) !== candle.openTime) say(index, 'open time not aligned');
    if (low < tick) say(index, `low ${low} below one tick`);
    if (low > open || low > close || high < open || high < close) say(index, 'OHLC inconsistent');
    if ([open, high, low, close].some((price) => price % tick !== 0n)) say(index, 'off the tick grid');
    if (volume <= 0n || candle.tickCount < 1) say(index, 'no volume');
    const average = turnover / volume;
    if (average < low || average > high) say(index, 'average price outside the range');
    const bucketEnd = Math.min(nextCandleOpenTime(interval, candle.openTime), endTimeMs);
    if (sessionTimeBetween(instrument.session, candle.openTime, bucketEnd) <= 0)
      say(index, 'candle outside trading time');
    const previous = candles[index - 1];
    if (previous) {
      if (candle.openTime <= previous.openTime) say(index, 'not ordered');
      if (candle.open !== previous.close) say(index, 'does not open at the previous close');
      if (sessionTimeBetween(instrument.session, nextCandleOpenTime(interval, previous.openTime), candle.openTime) > 0)
        say(index, 'skipped a bucket with trading');
    }
  });
  const last = candles[candles.length - 1];
  if (!last) return [...found, `${instrument.productCode} ${interval}: empty`];
  if (last.close !== livePrice)
    found.push(`${instrument.productCode} ${interval}: last close ${last.close} is not the live price ${livePrice}`);
  if (last.openTime >= endTimeMs) found.push(`${instrument.productCode} ${interval}: history reaches past the end`);
  if (sessionTimeBetween(instrument.session, nextCandleOpenTime(interval, last.openTime), endTimeMs) > 0)
    found.push(`${instrument.productCode} ${interval}: the latest trading bucket is missing`);
  return found;
}

describe('backfill', () => {
  for (const [label, endTimeMs] of Object.entries(END_TIMES)) {
    it(`gives 500 ordered, consistent, positive candles per interval per product joining the live price (${label})`, () => {
      const simulator = new MarketSimulator({
        seed: label,
        instruments: INSTRUMENTS,
        startTimeMs: endTimeMs,
        tickIntervalMs: 1000,
      });
      const found: string[] = [];
      for (const instrument of INSTRUMENTS) {
        for (const interval of INTERVALS) {
          const candles = simulator.backfill(instrument.productCode, interval, 500, endTimeMs);
          if (candles.length !== 500) found.push(`${instrument.productCode} ${interval}: ${candles.length} candles`);
          found.push(
            ...problems(instrument, interval, candles, endTimeMs, simulator.currentPrice(instrument.productCode) ?? 0n),
          );
        }
      }
      expect(found.slice(0, 20)).toEqual([]);
    });
  }

  it('shows stocks only during regular hours: 390 one-minute candles per day', () => {
    const endTimeMs = END_TIMES.Saturday;
    const simulator = new MarketSimulator({
      seed: 'hours',
      instruments: INSTRUMENTS.slice(0, 1),
      startTimeMs: endTimeMs,
      tickIntervalMs: 1000,
    });
    const candles = simulator.backfill('AAPL', '1m', 780, endTimeMs);
    // Friday 2026-11-20 and Thursday 2026-11-19, both 14:30-21:00 UTC.
    expect(candles[0]?.openTime).toBe(Date.UTC(2026, 10, 19, 14, 30));
    expect(candles[389]?.openTime).toBe(Date.UTC(2026, 10, 19, 20, 59));
    expect(candles[390]?.openTime).toBe(Date.UTC(2026, 10, 20, 14, 30));
    expect(candles[779]?.openTime).toBe(Date.UTC(2026, 10, 20, 20, 59));
  });

  it('is deterministic and differs between seeds', () => {
    const make = (seed: string) =>
      new MarketSimulator({ seed, instruments: INSTRUMENTS, startTimeMs: END_TIMES.Saturday, tickIntervalMs: 1000 });
    const first = make('a').backfill('ESZ6', '1h', 500, END_TIMES.Saturday);
    expect(make('a').backfill('ESZ6', '1h', 500, END_TIMES.Saturday)).toEqual(first);
    expect(make('b').backfill('ESZ6', '1h', 500, END_TIMES.Saturday)).not.toEqual(first);
  });

  it('keeps decades of monthly history at realistic levels', () => {
    const simulator = new MarketSimulator({
      seed: 'levels',
      instruments: INSTRUMENTS,
      startTimeMs: END_TIMES.Saturday,
      tickIntervalMs: 1000,
    });
    for (const instrument of INSTRUMENTS) {
      const start = Number(parseDecimal(instrument.startPrice, instrument.priceScale));
      const candles = simulator.backfill(instrument.productCode, '1M', 500, END_TIMES.Saturday);
      const lowest = Math.min(...candles.map((candle) => Number(candle.low)));
      const highest = Math.max(...candles.map((candle) => Number(candle.high)));
      expect(lowest / start, instrument.productCode).toBeGreaterThan(0.05);
      expect(highest / start, instrument.productCode).toBeLessThan(20);
    }
  });

  it('has a checker that does catch broken series', () => {
    const instrument = INSTRUMENTS[0] as InstrumentSpec;
    const endTimeMs = END_TIMES.Saturday;
    const simulator = new MarketSimulator({
      seed: 'checker',
      instruments: [instrument],
      startTimeMs: endTimeMs,
      tickIntervalMs: 1000,
    });
    const candles = simulator.backfill(instrument.productCode, '1h', 50, endTimeMs);
    const live = simulator.currentPrice(instrument.productCode) ?? 0n;
    expect(problems(instrument, '1h', candles, endTimeMs, live)).toEqual([]);
    const swapped = candles.map((candle, index) =>
      index === 10 ? { ...candle, high: candle.low, low: candle.high } : candle,
    );
    expect(problems(instrument, '1h', swapped, endTimeMs, live).length).toBeGreaterThan(0);
    expect(problems(instrument, '1h', candles.slice(0, -1), endTimeMs, live).length).toBeGreaterThan(0);
    expect(
      problems(instrument, '1h', [...candles.slice(0, 20), ...candles.slice(21)], endTimeMs, live).length,
    ).toBeGreaterThan(0);
  });
});
