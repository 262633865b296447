import { describe, expect, it } from 'vitest';
import { DecimalFormatError } from '../decimal';
import { OrderBook } from './order-book';
import { feeRateFromDecimal, PairConfigError, validatePairConfig } from './pair-config';
import { ReferenceOrderBook } from './reference';
import { PAIR } from './test-support.test-helper';
import type { PairConfig } from './types';

describe('pair configuration', () => {
  it('accepts the test pair', () => {
    expect(validatePairConfig(PAIR)).toBeNull();
  });

  const cases: [string, Partial<PairConfig>, string][] = [
    ['a blank pair', { pair: ' ' }, 'orderbook.config_pair_missing'],
    ['a negative scale', { priceScale: -1 }, 'orderbook.config_scale_invalid'],
    ['a fractional scale', { sizeScale: 1.5 }, 'orderbook.config_scale_invalid'],
    ['a combined scale past 36', { priceScale: 20, sizeScale: 20 }, 'orderbook.config_scale_invalid'],
    ['a zero tick', { priceTick: 0n }, 'orderbook.config_tick_not_positive'],
    ['a zero step', { sizeStep: 0n }, 'orderbook.config_step_not_positive'],
    ['a minimum off the step', { minimumSize: 105n }, 'orderbook.config_minimum_off_step'],
    ['a zero minimum', { minimumSize: 0n }, 'orderbook.config_minimum_off_step'],
    ['a negative fee (rebate)', { makerFeeRate: -1n }, 'orderbook.config_fee_rate_out_of_range'],
    ['a fee above 100 %', { takerFeeRate: 1_000_001n }, 'orderbook.config_fee_rate_out_of_range'],
  ];
  for (const [name, change, code] of cases) {
    it(`refuses ${name}`, () => {
      const config = { ...PAIR, ...change };
      expect(validatePairConfig(config)).toBe(code);
      expect(() => new OrderBook(config)).toThrow(PairConfigError);
      expect(() => new ReferenceOrderBook(config)).toThrow(code);
    });
  }

  it('parses decimal fee rates into parts per million', () => {
    expect(feeRateFromDecimal('0.001')).toBe(1000n);
    expect(feeRateFromDecimal('0.00025')).toBe(250n);
    expect(feeRateFromDecimal('1')).toBe(1_000_000n);
    expect(() => feeRateFromDecimal('0.0000001')).toThrow(DecimalFormatError);
  });
});
