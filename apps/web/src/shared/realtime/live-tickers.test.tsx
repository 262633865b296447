// @vitest-environment jsdom
import type { Product } from '@kestrel/contract/web';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_REFRESH_MS, mergeTickerUpdates, useLiveTickers } from './live-tickers';
import type { TickerUpdate } from './topics';

const live = vi.hoisted(() => ({ listeners: new Map<string, (data: unknown) => void>() }));
vi.mock('./realtime', () => ({
  realtime: {
    subscribe: (topic: string, listener: (data: unknown) => void) => {
      live.listeners.set(topic, listener);
      return () => live.listeners.delete(topic);
    },
  },
}));

const block = { open: '1', close: '1', max: '1', min: '1', volume: '1', averagePrice: '1', tradeAmount: '1' };
const product = (productCode: string, nowPrice: string, updated: number) =>
  ({
    productCode,
    tickerInfo: {
      ticker: productCode,
      nowPrice,
      changeRate: '0.00',
      changePrice: '0',
      day: block,
      minute: block,
      prevDay: block,
      updated,
      simulated: true,
    },
  }) as unknown as Product;
const update = (ticker: string, nowPrice: string, updated: number): TickerUpdate => ({
  ticker,
  nowPrice,
  changeRate: '0.10',
  changePrice: '0.10',
  updated,
});

function push(batch: TickerUpdate[]) {
  act(() => live.listeners.get('tickers')?.(batch));
}

beforeEach(() => {
  vi.useFakeTimers();
  live.listeners.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('mergeTickerUpdates', () => {
  it('moves price and change, keeps the rest, and never goes back in time', () => {
    const rows = [product('AAPL', '100.00', 10), product('MSFT', '300.00', 10)];
    const updates = new Map([
      ['AAPL', { ticker: 'AAPL', nowPrice: '101.00', changeRate: '1.00', changePrice: '1.00', updated: 11 }],
      ['MSFT', { ticker: 'MSFT', nowPrice: '299.00', changeRate: '-0.33', changePrice: '-1.00', updated: 9 }],
    ]);
    const merged = mergeTickerUpdates(rows, updates);
    expect(merged[0]?.tickerInfo).toMatchObject({ nowPrice: '101.00', changeRate: '1.00', updated: 11, day: block });
    expect(merged[1]).toBe(rows[1]);
  });

  it('with the rows merged last time, returns the same row while neither its product nor its update changed', () => {
    const rows = [product('AAPL', '100.00', 10), product('MSFT', '300.00', 10)];
    const previous = new WeakMap();
    const updates = new Map([['AAPL', update('AAPL', '101.00', 11)]]);
    const once = mergeTickerUpdates(rows, updates, previous);
    const again = mergeTickerUpdates(rows, new Map([...updates, ['MSFT', update('MSFT', '301.00', 11)]]), previous);
    expect(again[0]).toBe(once[0]);
    expect(again[1]).not.toBe(once[1]);
    expect(again[1]?.tickerInfo?.nowPrice).toBe('301.00');
  });
});

describe('useLiveTickers', () => {
  const rows = [product('AAPL', '100.00', 10), product('MSFT', '300.00', 10)];

  it('shows the first batch at once, then refreshes the list at most once per LIST_REFRESH_MS', () => {
    const { result } = renderHook(() => useLiveTickers(rows));
    push([update('AAPL', '101.00', 11)]);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current[0]?.tickerInfo?.nowPrice).toBe('101.00');

    push([update('AAPL', '102.00', 12)]);
    push([update('MSFT', '299.00', 12)]);
    act(() => vi.advanceTimersByTime(LIST_REFRESH_MS - 10));
    expect(result.current[0]?.tickerInfo?.nowPrice).toBe('101.00');
    expect(result.current[1]?.tickerInfo?.nowPrice).toBe('300.00');

    act(() => vi.advanceTimersByTime(10));
    expect(result.current[0]?.tickerInfo?.nowPrice).toBe('102.00');
    expect(result.current[1]?.tickerInfo?.nowPrice).toBe('299.00');
  });

  it('keeps an unchanged row as the same object, so a memoized row skips its render', () => {
    const { result } = renderHook(() => useLiveTickers(rows));
    push([update('AAPL', '101.00', 11), update('MSFT', '301.00', 11)]);
    act(() => vi.advanceTimersByTime(0));
    const before = result.current;
    push([update('AAPL', '102.00', 12)]);
    act(() => vi.advanceTimersByTime(LIST_REFRESH_MS));
    expect(result.current[0]).not.toBe(before[0]);
    expect(result.current[1]).toBe(before[1]);
  });
});
