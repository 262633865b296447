import { describe, expect, it } from 'vitest';
import { checkTradeBounds, parseStopPrice, parseTradeAmount, shareAsPercent } from './trade-input';

const codes = { below: 'quantity_below_minimum', above: 'quantity_above_maximum' } as const;

describe('trade input', () => {
  it('parses an amount or names what is wrong with it', () => {
    expect(parseTradeAmount('12.5', 2)).toEqual({ units: 1_250n, problem: null });
    expect(parseTradeAmount(' 1.50 ', 1)).toEqual({ units: 15n, problem: null });
    expect(parseTradeAmount('1.255', 2).problem).toEqual({ code: 'amount_precision', params: { decimals: 2 } });
    expect(parseTradeAmount('-0.001', 2).problem?.code).toBe('amount_precision');
    expect(parseTradeAmount('0', 2).problem).toEqual({ code: 'amount_not_positive', params: {} });
    expect(parseTradeAmount('-3', 2).problem?.code).toBe('amount_not_positive');
    for (const text of ['abc', '1e3', '', '1,5'])
      expect(parseTradeAmount(text, 2).problem?.code, text).toBe('amount_invalid');
  });

  it('parses a stop level: absent is none; anything not a positive decimal at the price scale is price_invalid', () => {
    expect(parseStopPrice(undefined, 2)).toEqual({ units: null, problem: null });
    expect(parseStopPrice('95000.5', 2)).toEqual({ units: 9_500_050n, problem: null });
    for (const text of ['0', '-1', '1.001', 'x']) {
      expect(parseStopPrice(text, 2), text).toEqual({
        units: null,
        problem: { code: 'price_invalid', params: { decimals: 2 } },
      });
    }
  });

  it('checks bounds exactly at the finer scale, names them as configured; a zero maximum is none', () => {
    const bounds = { minimum: { units: 1n, scale: 3 }, maximum: { units: 5n, scale: 2 } };
    expect(checkTradeBounds(99n, 5, bounds, codes)).toEqual({
      code: 'quantity_below_minimum',
      params: { min: '0.001' },
    });
    expect(checkTradeBounds(100n, 5, bounds, codes)).toBeNull();
    expect(checkTradeBounds(5_000n, 5, bounds, codes)).toBeNull();
    expect(checkTradeBounds(5_001n, 5, bounds, codes)).toEqual({
      code: 'quantity_above_maximum',
      params: { max: '0.05' },
    });
    expect(checkTradeBounds(10n ** 20n, 5, { ...bounds, maximum: { units: 0n, scale: 0 } }, codes)).toBeNull();
  });

  it('shows a share as a percentage', () => {
    expect(shareAsPercent({ units: 9n, scale: 1 })).toBe('90');
    expect(shareAsPercent({ units: 125n, scale: 3 })).toBe('12.5');
    expect(shareAsPercent({ units: 1n, scale: 0 })).toBe('100');
  });
});
