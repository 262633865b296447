import { describe, expect, it } from 'vitest';
import { usdtValueOf, type UsdtRates } from './usdt-rates';

const USDT = 3;
const BTC = 4;
const SOL = 6;

const RATES: UsdtRates = {
  usdtScale: 8,
  rates: new Map([
    [USDT, { units: 1n, scale: 0 }],
    [BTC, { units: 10_523_456n, scale: 2 }],
    // A pair-priced coin: SOL/USDT's last price 187.35 at price scale 2.
    [SOL, { units: 18_735n, scale: 2 }],
  ]),
};

describe('usdtValueOf: the one USDT valuation', () => {
  it('values an amount at its rate, cut toward zero at USDT scale', () => {
    expect(usdtValueOf(RATES, SOL, 250_000_000n, 8)).toBe(46_837_500_000n);
    // 0.00000003 BTC x 105,234.56 = 0.0031570368 -> 0.00315703
    expect(usdtValueOf(RATES, BTC, 3n, 8)).toBe(315_703n);
    expect(usdtValueOf(RATES, USDT, 123n, 8)).toBe(123n);
  });

  it('values a loss as the mirror of a gain (toward zero, not down)', () => {
    expect(usdtValueOf(RATES, BTC, -3n, 8)).toBe(-315_703n);
  });

  it('answers null for a currency without a rate, never a guess', () => {
    expect(usdtValueOf(RATES, 99, 5n, 8)).toBeNull();
  });
});
