import { describe, expect, it } from 'vitest';
import { CandleSeries } from './candleSeries';
import type { Candle, Tick } from './types';

const MINUTE = 60_000;
const base = Date.UTC(2026, 10, 18, 15, 0);

function candleAt(minute: number, price: bigint): Candle {
  return {
    openTime: base + minute * MINUTE,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: 1n,
    turnover: price,
    tickCount: 1,
  };
}

function tickAt(timeMs: number, price: bigint, seq: number): Tick {
  return { productCode: 'TEST', price, quantity: 3n, time: timeMs, source: 'test', seq };
}

describe('CandleSeries', () => {
  it('keeps at most its capacity, dropping the oldest', () => {
    const series = new CandleSeries('1m', 5);
    for (let minute = 0; minute < 12; minute += 1) series.append(candleAt(minute, BigInt(100 + minute)));
    expect(series.size).toBe(5);
    expect(series.last().map((candle) => candle.close)).toEqual([107n, 108n, 109n, 110n, 111n]);
  });

  it('returns the newest N oldest first, N capped at what it holds', () => {
    const series = new CandleSeries('1m', 10);
    for (let minute = 0; minute < 4; minute += 1) series.append(candleAt(minute, BigInt(100 + minute)));
    expect(series.last(2).map((candle) => candle.close)).toEqual([102n, 103n]);
    expect(series.last(50)).toHaveLength(4);
    expect(series.last(0)).toEqual([]);
    expect(series.last(-3)).toEqual([]);
  });

  it('updates the latest candle in place and starts the next bucket from ticks', () => {
    const series = new CandleSeries('1m', 3);
    series.append(candleAt(0, 100n));
    series.applyTick(tickAt(base + 30_000, 104n, 1));
    expect(series.size).toBe(1);
    expect(series.latest()).toMatchObject({ open: 100n, high: 104n, close: 104n, volume: 4n, tickCount: 2 });
    series.applyTick(tickAt(base + MINUTE, 99n, 2));
    expect(series.size).toBe(2);
    expect(series.latest()).toMatchObject({ openTime: base + MINUTE, open: 99n, low: 99n, volume: 3n, turnover: 297n });
  });

  it('wraps around repeatedly with live ticks and stays ordered', () => {
    const series = new CandleSeries('1m', 7);
    for (let second = 0; second < 60 * 30; second += 10)
      series.applyTick(tickAt(base + second * 1000, BigInt(1000 + second), second + 1));
    const candles = series.last();
    expect(candles).toHaveLength(7);
    for (let index = 1; index < candles.length; index += 1)
      expect(candles[index]?.openTime).toBe((candles[index - 1]?.openTime ?? 0) + MINUTE);
    expect(candles[6]?.tickCount).toBe(6);
  });

  it('refuses history out of order and a nonsense capacity', () => {
    const series = new CandleSeries('1m', 3);
    series.append(candleAt(5, 100n));
    expect(() => series.append(candleAt(5, 100n))).toThrow(RangeError);
    expect(() => new CandleSeries('1m', 0)).toThrow(RangeError);
  });
});
