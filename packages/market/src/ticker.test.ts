import { describe, expect, it } from 'vitest';
import { findInstrument } from './catalogue';
import { averagePrice, buildTickerInfo, changeRateBasisPoints, formatChangeRate, tickerBlock } from './ticker';
import type { Candle, InstrumentSpec } from './types';

const AAPL = findInstrument('AAPL') as InstrumentSpec;
const BTC = findInstrument('X:BTCUSD') as InstrumentSpec;

function candle(fields: Partial<Candle>): Candle {
  return {
    openTime: 0,
    open: 10000n,
    high: 10000n,
    low: 10000n,
    close: 10000n,
    volume: 0n,
    turnover: 0n,
    tickCount: 0,
    ...fields,
  };
}

describe('changeRate', () => {
  it.each([
    // [now, previous close, basis points, text]
    [10123n, 10000n, 123n, '1.23'],
    [9877n, 10000n, -123n, '-1.23'],
    [1012350n, 1000000n, 124n, '1.24'], // exactly +1.235%: half rounds away from zero
    [987650n, 1000000n, -124n, '-1.24'], // exactly -1.235%
    [1012349n, 1000000n, 123n, '1.23'],
    [987651n, 1000000n, -123n, '-1.23'],
    [1000050n, 1000000n, 1n, '0.01'], // +0.005%
    [999950n, 1000000n, -1n, '-0.01'], // -0.005%
    [999960n, 1000000n, 0n, '0.00'], // -0.004% is zero, never "-0.00"
    [10000n, 10000n, 0n, '0.00'],
    [20000n, 10000n, 10000n, '100.00'],
    [1n, 10000n, -9999n, '-99.99'],
    [3n, 3n, 0n, '0.00'],
    [2n, 3n, -3333n, '-33.33'],
    [1n, 3n, -6667n, '-66.67'],
  ])('%s against %s is %s bp ("%s")', (now, reference, basisPoints, text) => {
    expect(changeRateBasisPoints(now, reference)).toBe(basisPoints);
    expect(formatChangeRate(changeRateBasisPoints(now, reference))).toBe(text);
  });

  it('treats a missing reference as no change', () => {
    expect(changeRateBasisPoints(123n, 0n)).toBe(0n);
  });
});

describe('ticker blocks', () => {
  it('rounds the average price down to the price scale', () => {
    // 3 shares for 100.01 + 100.01 + 100.02 = 300.04 -> 100.013.. -> 100.01
    expect(averagePrice(candle({ volume: 3n, turnover: 30004n }))).toBe(10001n);
    expect(averagePrice(candle({ close: 12345n }))).toBe(12345n);
  });

  it('formats every field at its scale', () => {
    // BTC: price scale 2, quantity scale 5, so tradeAmount has 7 decimals.
    const block = tickerBlock(
      BTC,
      candle({
        open: 10500000n,
        high: 10512345n,
        low: 10499999n,
        close: 10510000n,
        volume: 150000n,
        turnover: 10500000n * 100000n + 10510000n * 50000n,
      }),
    );
    expect(block).toEqual({
      open: '105000.00',
      close: '105100.00',
      max: '105123.45',
      min: '104999.99',
      volume: '1.50000',
      averagePrice: '105033.33',
      tradeAmount: '157550.0000000',
    });
  });

  it('builds the SPEC §3 shape with changePrice against the previous day close', () => {
    const info = buildTickerInfo({
      instrument: AAPL,
      nowPrice: 27123n,
      updated: 1_800_000_000_000,
      day: candle({ open: 27000n, high: 27200n, low: 26950n, close: 27123n, volume: 10n, turnover: 271000n }),
      minute: candle({ open: 27120n, high: 27125n, low: 27120n, close: 27123n, volume: 2n, turnover: 54243n }),
      prevDay: candle({ open: 26500n, high: 27050n, low: 26400n, close: 27000n, volume: 100n, turnover: 2680000n }),
      simulated: true,
    });
    expect(info).toMatchObject({
      ticker: 'AAPL',
      nowPrice: '271.23',
      changePrice: '1.23',
      changeRate: '0.46',
      updated: 1_800_000_000_000,
      simulated: true,
    });
    expect(info.day).toEqual({
      open: '270.00',
      close: '271.23',
      max: '272.00',
      min: '269.50',
      volume: '10',
      averagePrice: '271.00',
      tradeAmount: '2710.00',
    });
    expect(info.minute.averagePrice).toBe('271.21');
    expect(info.prevDay.close).toBe('270.00');
    expect(() => JSON.stringify(info)).not.toThrow();
  });

  it('falls back to idle blocks when a period has not traded', () => {
    const info = buildTickerInfo({
      instrument: AAPL,
      nowPrice: 27000n,
      updated: 5,
      day: undefined,
      minute: undefined,
      prevDay: undefined,
      simulated: true,
    });
    expect(info.changeRate).toBe('0.00');
    expect(info.day).toEqual({
      open: '270.00',
      close: '270.00',
      max: '270.00',
      min: '270.00',
      volume: '0',
      averagePrice: '270.00',
      tradeAmount: '0.00',
    });
  });
});
