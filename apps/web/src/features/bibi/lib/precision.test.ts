import { describe, expect, it } from 'vitest';
import { baseCoinDecimals, feeDecimals, priceDecimals, quoteDecimals } from './precision';

describe('coin-to-coin display digits', () => {
  it('shows a coin at its volume step, capped at the ledger scale, six when the pair is unknown', () => {
    expect(baseCoinDecimals({ volumeScale: 5 })).toBe(5);
    expect(baseCoinDecimals({ volumeScale: 12 })).toBe(8);
    expect(baseCoinDecimals(undefined)).toBe(6);
  });

  it('shows a price at the pair tick, cents when the pair is unknown', () => {
    expect(priceDecimals({ priceScale: 4 })).toBe(4);
    expect(priceDecimals(undefined)).toBe(2);
  });

  it('shows USDT at the display digits, never finer than the quote scale', () => {
    expect(quoteDecimals(2)).toBe(2);
    expect(quoteDecimals(4, 3)).toBe(3);
  });

  it('keeps every charged digit of a fee under one cent', () => {
    expect(feeDecimals('0.00260000', 2)).toBe(4);
    expect(feeDecimals('0.00000001', 2)).toBe(8);
  });

  it('shows a whole-cent fee at the display digits and trims nothing below them', () => {
    expect(feeDecimals('1.50000000', 2)).toBe(2);
    expect(feeDecimals('3', 2)).toBe(2);
    expect(feeDecimals(null, 2)).toBe(2);
  });

  it('never shows a fee finer than the quote currency keeps it', () => {
    expect(feeDecimals('0.123456789', 2, 8)).toBe(8);
    expect(feeDecimals('0.0026', 2, 3)).toBe(3);
  });
});
