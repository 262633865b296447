import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTick, candleOpenTime, nextCandleOpenTime, previousCandleOpenTime } from './candles';
import { type Candle, type Interval, INTERVALS, type Tick } from './types';

const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0) =>
  Date.UTC(year, month - 1, day, hour, minute, second, ms);

describe('candleOpenTime', () => {
  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-11-16 is a Monday, 2026-11-22 a Sunday.
    expect(candleOpenTime('1w', at(2026, 11, 16))).toBe(at(2026, 11, 16));
    expect(candleOpenTime('1w', at(2026, 11, 16) - 1)).toBe(at(2026, 11, 9));
    expect(candleOpenTime('1w', at(2026, 11, 22, 23, 59, 59, 999))).toBe(at(2026, 11, 16));
    expect(candleOpenTime('1w', at(2026, 12, 31, 12))).toBe(at(2026, 12, 28));
    expect(candleOpenTime('1w', at(1970, 1, 1))).toBe(at(1969, 12, 29));
    expect(new Date(candleOpenTime('1w', at(2027, 3, 3, 9))).getUTCDay()).toBe(1);
  });

  it('starts months on the first, across year ends and leap Februaries', () => {
    expect(candleOpenTime('1M', at(2026, 12, 31, 23, 59, 59, 999))).toBe(at(2026, 12, 1));
    expect(candleOpenTime('1M', at(2027, 1, 1))).toBe(at(2027, 1, 1));
    expect(candleOpenTime('1M', at(2028, 2, 29, 12))).toBe(at(2028, 2, 1));
    expect(nextCandleOpenTime('1M', at(2026, 12, 1))).toBe(at(2027, 1, 1));
    expect(previousCandleOpenTime('1M', at(2027, 1, 1))).toBe(at(2026, 12, 1));
    expect(nextCandleOpenTime('1M', at(2028, 2, 1)) - at(2028, 2, 1)).toBe(29 * 86_400_000);
  });

  it('aligns 4h buckets to 00, 04, ... 20 UTC', () => {
    expect(candleOpenTime('4h', at(2026, 11, 18, 3, 59, 59, 999))).toBe(at(2026, 11, 18, 0));
    expect(candleOpenTime('4h', at(2026, 11, 18, 4))).toBe(at(2026, 11, 18, 4));
    expect(candleOpenTime('4h', at(2026, 11, 18, 23, 30))).toBe(at(2026, 11, 18, 20));
  });

  it('aligns the minute and hour buckets, and 1d to 00:00 UTC', () => {
    const time = at(2026, 11, 18, 14, 37, 42, 123);
    expect(candleOpenTime('1m', time)).toBe(at(2026, 11, 18, 14, 37));
    expect(candleOpenTime('5m', time)).toBe(at(2026, 11, 18, 14, 35));
    expect(candleOpenTime('15m', time)).toBe(at(2026, 11, 18, 14, 30));
    expect(candleOpenTime('30m', time)).toBe(at(2026, 11, 18, 14, 30));
    expect(candleOpenTime('1h', time)).toBe(at(2026, 11, 18, 14));
    expect(candleOpenTime('1d', time)).toBe(at(2026, 11, 18));
  });

  it('makes open time <= time < next open time, and previous(next(open)) = open, for every interval', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INTERVALS),
        fc.integer({ min: at(1980, 1, 1), max: at(2100, 1, 1) }),
        (interval, time) => {
          const open = candleOpenTime(interval, time);
          const next = nextCandleOpenTime(interval, open);
          expect(open).toBeLessThanOrEqual(time);
          expect(next).toBeGreaterThan(time);
          expect(candleOpenTime(interval, next)).toBe(next);
          expect(previousCandleOpenTime(interval, next)).toBe(open);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** The straightforward reference: group ticks by bucket and compute each field directly. */
function recompute(ticks: readonly Tick[], interval: Interval): Candle[] {
  const groups = new Map<number, Tick[]>();
  for (const tick of ticks) {
    const open = candleOpenTime(interval, tick.time);
    groups.set(open, [...(groups.get(open) ?? []), tick]);
  }
  return [...groups.entries()].map(([openTime, group]) => {
    const prices = group.map((tick) => tick.price);
    return {
      openTime,
      open: prices[0] ?? 0n,
      high: prices.reduce((best, price) => (price > best ? price : best)),
      low: prices.reduce((best, price) => (price < best ? price : best)),
      close: prices[prices.length - 1] ?? 0n,
      volume: group.reduce((sum, tick) => sum + tick.quantity, 0n),
      turnover: group.reduce((sum, tick) => sum + tick.price * tick.quantity, 0n),
      tickCount: group.length,
    };
  });
}

const tickSequence = fc
  .tuple(
    fc.integer({ min: at(2026, 1, 1), max: at(2027, 1, 1) }),
    fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 3 * 3_600_000 }),
        price: fc.bigInt({ min: 1n, max: 10n ** 15n }),
        quantity: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      }),
      { minLength: 1, maxLength: 200 },
    ),
  )
  .map(([start, steps]) => {
    let time = start;
    return steps.map((step, index): Tick => {
      time += step.gap;
      return { productCode: 'TEST', price: step.price, quantity: step.quantity, time, source: 'test', seq: index + 1 };
    });
  });

describe('applyTick', () => {
  it('folds ticks into exactly the candles a direct recomputation gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INTERVALS), tickSequence, (interval, ticks) => {
        const folded: Candle[] = [];
        for (const tick of ticks) {
          const last = folded[folded.length - 1];
          const next = applyTick(last, tick, interval);
          if (last && next.openTime === last.openTime) folded[folded.length - 1] = next;
          else folded.push(next);
        }
        expect(folded).toEqual(recompute(ticks, interval));
      }),
      { numRuns: 300 },
    );
  });

  it('does not mutate the candle it extends', () => {
    const tick: Tick = {
      productCode: 'TEST',
      price: 100n,
      quantity: 2n,
      time: at(2026, 11, 18, 10),
      source: 'test',
      seq: 1,
    };
    const first = applyTick(undefined, tick, '1h');
    const copy = { ...first };
    applyTick(first, { ...tick, price: 120n, seq: 2, time: tick.time + 1000 }, '1h');
    expect(first).toEqual(copy);
  });

  it('refuses a tick older than the candle', () => {
    const tick: Tick = {
      productCode: 'TEST',
      price: 100n,
      quantity: 2n,
      time: at(2026, 11, 18, 10),
      source: 'test',
      seq: 2,
    };
    const candle = applyTick(undefined, tick, '1m');
    expect(() => applyTick(candle, { ...tick, time: tick.time - 60_000 }, '1m')).toThrow(RangeError);
  });
});
