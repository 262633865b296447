import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INSTRUMENTS } from './catalogue';
import { nextCandleOpenTime } from './candles';
import { createSimulatedMarket } from './market';
import { candleHistoryTick, isHistoryTick, TickHistory, TickRing } from './tickHistory';
import type { Candle, Tick } from './types';

// Wednesday 2026-11-18 10:00 New York: every session is open.
const WEDNESDAY = Date.UTC(2026, 10, 18, 15, 0, 0);
const FEW = INSTRUMENTS.filter((instrument) => ['AAPL', 'X:BTCUSD'].includes(instrument.productCode));

const tick = (time: number, seq: number, price = 100n): Tick => ({
  productCode: 'TEST',
  price,
  quantity: 1n,
  time,
  source: 'test',
  seq,
});

describe('TickRing', () => {
  it('answers the last tick at or before a time, and nothing before the oldest kept', () => {
    const ring = new TickRing(10);
    [1000, 2000, 2000, 3000].forEach((time, index) => ring.record(tick(time, index + 1)));
    expect(ring.at(999)).toBeUndefined();
    expect(ring.at(1000)?.seq).toBe(1);
    expect(ring.at(1999)?.seq).toBe(1);
    // Of two ticks at the same time, the later recorded.
    expect(ring.at(2000)?.seq).toBe(3);
    expect(ring.at(2999)?.seq).toBe(3);
    expect(ring.at(10_000)?.seq).toBe(4);
    // Out of order: ignored.
    ring.record(tick(1500, 9));
    expect(ring.size).toBe(4);
  });

  it('is bounded: when full the oldest is dropped and times before the new oldest answer nothing', () => {
    const ring = new TickRing(3);
    for (let seq = 1; seq <= 5; seq += 1) ring.record(tick(seq * 1000, seq));
    expect(ring.size).toBe(3);
    expect(ring.oldest()?.seq).toBe(3);
    expect(ring.at(2500)).toBeUndefined();
    expect(ring.at(3500)?.seq).toBe(3);
    expect(() => new TickRing(0)).toThrow(RangeError);
  });

  it('agrees with a linear scan on random tick streams', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -10, max: 400 }),
        (gaps, capacity, query) => {
          const ring = new TickRing(capacity);
          const all: Tick[] = [];
          let time = 0;
          gaps.forEach((gap, index) => {
            time += gap;
            const next = tick(time, index + 1);
            all.push(next);
            ring.record(next);
          });
          const kept = all.slice(-capacity);
          const expected = query < kept[0]!.time ? undefined : kept.filter((each) => each.time <= query).at(-1);
          expect(ring.at(query)).toBe(expected);
          // The replay of a trigger owner: every kept tick after the time, oldest first.
          expect(ring.after(query)).toEqual(kept.filter((each) => each.time > query));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps one ring per product', () => {
    const history = new TickHistory(5);
    history.record({ ...tick(1000, 1), productCode: 'A' });
    history.record({ ...tick(2000, 1), productCode: 'B' });
    expect(history.at('A', 1500)?.productCode).toBe('A');
    expect(history.at('B', 1500)).toBeUndefined();
    expect(history.at('C', 1500)).toBeUndefined();
  });
});

describe('candleHistoryTick', () => {
  const minute = (openTime: number, close: bigint): Candle => ({
    openTime,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1n,
    turnover: close,
    tickCount: 1,
  });

  it('takes the close of the newest finest candle that ends at or before the time, labelled history', () => {
    const candles = [minute(0, 10n), minute(60_000, 11n), minute(120_000, 12n)];
    const found = candleHistoryTick('TEST', (interval) => (interval === '1m' ? candles : []), 150_000, 'simulator');
    expect(found).toEqual({
      productCode: 'TEST',
      price: 11n,
      quantity: 0n,
      time: 120_000,
      source: 'simulator:history',
      seq: 0,
    });
    expect(found && isHistoryTick(found)).toBe(true);
    expect(candleHistoryTick('TEST', (interval) => (interval === '1m' ? candles : []), 59_999, 'simulator')).toBe(
      undefined,
    );
  });
});

describe('simulated market tickAt', () => {
  it('answers live ticks at or before a time, never a later one', () => {
    const market = createSimulatedMarket({ seed: 3, instruments: FEW, clock: () => WEDNESDAY });
    const ticks: Tick[] = [];
    market.onTick((each) => {
      if (each.productCode === 'X:BTCUSD') ticks.push(each);
    });
    market.advanceTo(WEDNESDAY + 10_000);
    expect(ticks).toHaveLength(10);
    expect(market.tickAt('X:BTCUSD', WEDNESDAY + 4_500)).toBe(ticks[3]);
    expect(market.tickAt('X:BTCUSD', WEDNESDAY + 5_000)).toBe(ticks[4]);
    // The reference tick the feed started from.
    expect(market.tickAt('X:BTCUSD', WEDNESDAY + 999)).toMatchObject({ seq: 0, time: WEDNESDAY });
    expect(market.tickAt('NOPE', WEDNESDAY)).toBeUndefined();
  });

  it('prices a time before its first tick from the 1-minute candles the chart shows, at or before that time', () => {
    const market = createSimulatedMarket({ seed: 3, instruments: FEW, clock: () => WEDNESDAY });
    const asked = WEDNESDAY - 10 * 60_000 - 30_000;
    const found = market.tickAt('X:BTCUSD', asked);
    const candles = market.candles('X:BTCUSD', '1m');
    const ending = candles.filter((candle) => nextCandleOpenTime('1m', candle.openTime) <= asked).at(-1)!;
    expect(found).toMatchObject({ source: 'simulator:history', seq: 0, price: ending.close, time: asked - 30_000 });
    expect(found!.time).toBeLessThanOrEqual(asked);
    // Deterministic: a market from the same seed and clock rebuilds the same price.
    const again = createSimulatedMarket({ seed: 3, instruments: FEW, clock: () => WEDNESDAY });
    expect(again.tickAt('X:BTCUSD', asked)).toEqual(found);
    // Beyond the 1-minute history, a coarser interval answers.
    const longAgo = WEDNESDAY - 3 * 86_400_000;
    expect(market.tickAt('X:BTCUSD', longAgo)!.time).toBeLessThanOrEqual(longAgo);
    // A stock overnight: the last price of the session before.
    const night = Date.UTC(2026, 10, 18, 5, 0, 0);
    const stock = market.tickAt('AAPL', night)!;
    expect(stock.time).toBeLessThanOrEqual(Date.UTC(2026, 10, 17, 21, 0, 0));
    expect(stock.source).toBe('simulator:history');
  });

  it('keeps a bounded history and falls back to candles past it', () => {
    const market = createSimulatedMarket({ seed: 4, instruments: FEW, clock: () => WEDNESDAY, tickHistoryCapacity: 5 });
    market.advanceTo(WEDNESDAY + 20_000);
    expect(market.tickAt('X:BTCUSD', WEDNESDAY + 19_000)).toMatchObject({ source: 'simulator', seq: 19 });
    expect(market.tickAt('X:BTCUSD', WEDNESDAY + 3_000)?.source).toBe('simulator:history');
  });
});
