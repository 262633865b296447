import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTRUMENTS } from './catalogue';
import type { MarketFeed } from './feed';
import { createSimulatedMarket } from './market';
import { sessionDayStart } from './sessions';
import { changeRateBasisPoints } from './ticker';
import { type Candle, type Interval, INTERVALS, type Tick, type TickerBlock } from './types';

// Wednesday 2026-11-18 10:00:00.400 New York: every session is open.
const WEDNESDAY = Date.UTC(2026, 10, 18, 15, 0, 0, 400);
const FEW = INSTRUMENTS.filter((instrument) =>
  ['AAPL', 'X:BTCUSD', 'ESZ6', 'C:EURUSD'].includes(instrument.productCode),
);

function record(seed: number, steps: number) {
  const market = createSimulatedMarket({ seed, instruments: FEW, clock: () => WEDNESDAY });
  const ticks: Tick[] = [];
  market.onTick((tick) => ticks.push(tick));
  market.advanceTo(WEDNESDAY + steps * 1000);
  const candles = FEW.map((instrument) =>
    INTERVALS.map((interval) => market.candles(instrument.productCode, interval, 1000)),
  );
  return { market, ticks, candles };
}

function blockIsConsistent(block: TickerBlock): boolean {
  const [open, close, max, min, average] = [block.open, block.close, block.max, block.min, block.averagePrice].map(
    Number,
  ) as [number, number, number, number, number];
  return (
    min <= open &&
    min <= close &&
    max >= open &&
    max >= close &&
    min > 0 &&
    average >= min &&
    average <= max &&
    Number(block.volume) >= 0
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createSimulatedMarket', () => {
  it('is deterministic: same seed and clock give identical ticks and candles; another seed differs', () => {
    const first = record(7, 120);
    const again = record(7, 120);
    expect(again.ticks).toEqual(first.ticks);
    expect(again.candles).toEqual(first.candles);
    expect(first.ticks).toHaveLength(120 * FEW.length);
    expect(record(8, 120).ticks).not.toEqual(first.ticks);
  });

  it('a process started later on the same shared start walks the same path, tick for tick', () => {
    const steps = 4_000; // past the default fold of 3,600 steps, which a shared start must not use
    const early = createSimulatedMarket({ seed: 11, instruments: FEW, clock: () => WEDNESDAY });
    // Live, the timer steps a second at a time; chunks of 100 s take the same steps.
    for (let step = 100; step <= steps; step += 100) early.advanceTo(WEDNESDAY + step * 1000);
    const late = createSimulatedMarket({
      seed: 11,
      instruments: FEW,
      clock: () => WEDNESDAY + steps * 1000,
      startTimeMs: WEDNESDAY,
      catchUpStepsMax: Infinity,
    });
    for (const instrument of FEW) {
      const code = instrument.productCode;
      expect(late.lastTick(code)).toEqual(early.lastTick(code));
      expect(late.tickAt(code, WEDNESDAY + 3_000_500)).toEqual(early.tickAt(code, WEDNESDAY + 3_000_500));
      for (const interval of INTERVALS)
        expect(late.candles(code, interval, 600)).toEqual(early.candles(code, interval, 600));
    }
    // With the default fold the late process would have taken another path: the option matters.
    const folded = createSimulatedMarket({
      seed: 11,
      instruments: FEW,
      clock: () => WEDNESDAY + steps * 1000,
      startTimeMs: WEDNESDAY,
    });
    expect(
      FEW.some(
        (instrument) =>
          folded.lastTick(instrument.productCode)?.price !== early.lastTick(instrument.productCode)?.price,
      ),
    ).toBe(true);
  });

  it('starts from a reference tick and at least 500 candles per interval whose last close is the price', () => {
    const market = createSimulatedMarket({ seed: 1, instruments: FEW, clock: () => WEDNESDAY });
    for (const instrument of FEW) {
      const reference = market.lastTick(instrument.productCode);
      expect(reference).toMatchObject({ seq: 0, quantity: 0n, source: 'simulator', time: WEDNESDAY - 400 });
      for (const interval of INTERVALS) {
        const candles = market.candles(instrument.productCode, interval);
        expect(candles.length).toBeGreaterThanOrEqual(500);
        expect(candles[candles.length - 1]?.close).toBe(reference?.price);
      }
    }
    expect(market.candles('AAPL', '1h', 20)).toHaveLength(20);
    expect(market.candles('NOPE', '1h')).toEqual([]);
    expect(market.candles('AAPL', 'bogus' as Interval)).toEqual([]);
    expect(market.lastTick('NOPE')).toBeUndefined();
    expect(market.tickerInfo('NOPE')).toBeUndefined();
  });

  it('continues the backfilled candles with live ticks and hands listeners the updated candles', () => {
    // Half a minute into a bucket, so the latest backfilled minute is partial.
    const start = WEDNESDAY + 30_000;
    const market = createSimulatedMarket({ seed: 2, instruments: FEW, clock: () => start });
    const historyMinute = market.candles('X:BTCUSD', '1m', 1)[0] as Candle;
    const seen: Array<{ tick: Tick; candles: ReadonlyMap<Interval, Candle> }> = [];
    const unsubscribe = market.onTick((tick, candles) => {
      if (tick.productCode === 'X:BTCUSD') seen.push({ tick, candles });
    });
    market.advanceTo(start + 3000);
    unsubscribe();
    market.advanceTo(start + 10_000);
    expect(seen.map((entry) => entry.tick.seq)).toEqual([1, 2, 3]);
    const last = seen[2];
    const minute = last?.candles.get('1m');
    // The partial backfilled minute is extended, not replaced.
    expect(minute?.openTime).toBe(historyMinute.openTime);
    expect(minute?.open).toBe(historyMinute.open);
    expect(minute?.tickCount).toBe(historyMinute.tickCount + 3);
    expect(minute?.close).toBe(last?.tick.price);
    expect([...(last?.candles.keys() ?? [])]).toEqual([...INTERVALS]);
    expect(market.lastTick('X:BTCUSD')?.seq).toBe(10);
    expect(market.candles('X:BTCUSD', '1m', 1)[0]?.close).toBe(market.lastTick('X:BTCUSD')?.price);
  });

  it('keeps feeding the other listeners when one throws', () => {
    const errors: unknown[] = [];
    const market = createSimulatedMarket({
      seed: 3,
      instruments: FEW,
      clock: () => WEDNESDAY,
      onListenerError: (error) => errors.push(error),
    });
    let delivered = 0;
    market.onTick(() => {
      throw new Error('boom');
    });
    market.onTick(() => {
      delivered += 1;
    });
    market.advanceTo(WEDNESDAY + 2000);
    expect(delivered).toBe(2 * FEW.length);
    expect(errors).toHaveLength(2 * FEW.length);
  });

  it('steps on timers between start and stop', () => {
    vi.useFakeTimers({ now: WEDNESDAY });
    const market = createSimulatedMarket({ seed: 4, instruments: FEW, clock: () => Date.now() });
    let count = 0;
    market.onTick(() => {
      count += 1;
    });
    market.start();
    market.start();
    vi.advanceTimersByTime(5000);
    expect(count).toBe(5 * FEW.length);
    market.stop();
    vi.advanceTimersByTime(5000);
    expect(count).toBe(5 * FEW.length);
  });

  it('replays at most an hour of steps after a long pause', () => {
    const market = createSimulatedMarket({ seed: 5, instruments: FEW.slice(1, 2), clock: () => WEDNESDAY });
    const ticks: Tick[] = [];
    market.onTick((tick) => ticks.push(tick));
    market.advanceTo(WEDNESDAY + 3 * 3_600_000);
    expect(ticks).toHaveLength(3600);
    expect(ticks[ticks.length - 1]?.time).toBe(WEDNESDAY - 400 + 3 * 3_600_000);
    market.advanceTo(WEDNESDAY + 3 * 3_600_000 + 599);
    expect(ticks).toHaveLength(3600);
  });

  it('reports tickerInfo with consistent blocks, changes against the previous day, and rolls the day over', () => {
    const market = createSimulatedMarket({ seed: 6, instruments: FEW, clock: () => WEDNESDAY });
    for (const instrument of FEW) {
      const info = market.tickerInfo(instrument.productCode);
      if (!info) throw new Error('missing ticker');
      const tick = market.lastTick(instrument.productCode) as Tick;
      expect(info.ticker).toBe(instrument.productCode);
      expect(info.simulated).toBe(true);
      expect(info.nowPrice).toBe(info.day.close);
      expect(info.updated).toBe(tick.time);
      for (const block of [info.day, info.minute, info.prevDay])
        expect(blockIsConsistent(block), instrument.productCode).toBe(true);
      const scale = 10 ** instrument.priceScale;
      expect(Math.round((Number(info.nowPrice) - Number(info.prevDay.close)) * scale)).toBe(
        Math.round(Number(info.changePrice) * scale),
      );
      expect(info.changeRate).toMatch(/^-?\d+\.\d{2}$/);
      const rate = market.changeRateBasisPoints(instrument.productCode);
      expect(rate).toBe(changeRateBasisPoints(tick.price, BigInt(Math.round(Number(info.prevDay.close) * scale))));
      expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    }
    // For stocks and crypto the ticker's day is the chart's last daily candle.
    const lastDaily = market.candles('AAPL', '1d', 1)[0] as Candle;
    expect(market.tickerInfo('AAPL')?.day.open).toBe((Number(lastDaily.open) / 100).toFixed(2));
    // Step across the forex day boundary (22:00 UTC): yesterday's day becomes prevDay.
    const before = market.tickerInfo('C:EURUSD');
    const dayBoundary = sessionDayStart('forex', WEDNESDAY) + 86_400_000;
    market.advanceTo(dayBoundary - 2000);
    const lateDay = market.tickerInfo('C:EURUSD');
    market.advanceTo(dayBoundary + 3000);
    const nextDay = market.tickerInfo('C:EURUSD');
    expect(lateDay?.prevDay).toEqual(before?.prevDay);
    expect(nextDay?.prevDay.open).toBe(lateDay?.day.open);
    expect(Number(nextDay?.day.volume)).toBeLessThan(Number(lateDay?.day.volume));
  });

  it('satisfies the MarketFeed interface the server depends on', () => {
    const feed: MarketFeed = createSimulatedMarket({
      seed: 9,
      instruments: FEW,
      clock: () => WEDNESDAY,
      historyCandles: 600,
    });
    expect(feed.source).toBe('simulator');
    expect(feed.simulated).toBe(true);
    expect(feed.instruments).toBe(FEW);
    expect(feed.candles('ESZ6', '1M')).toHaveLength(600);
  });
});
