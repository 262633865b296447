import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDecimal } from '../decimal';
import { parseCustomerAmount } from './customer-amount';

describe('a customer amount', () => {
  it('is the units at the currency scale, surrounding spaces and trailing zeros allowed', () => {
    expect(parseCustomerAmount('12.5', 2)).toEqual({ units: 1250n, problem: null });
    expect(parseCustomerAmount(' 7 ', 8)).toEqual({ units: 700_000_000n, problem: null });
    expect(parseCustomerAmount('1.500', 2)).toEqual({ units: 150n, problem: null });
  });

  it('names what is wrong: not a decimal, not positive, or too fine', () => {
    for (const [text, code] of [
      ['abc', 'amount_invalid'],
      ['1e3', 'amount_invalid'],
      ['0x10', 'amount_invalid'],
      ['Infinity', 'amount_invalid'],
      ['1,5', 'amount_invalid'],
      ['.5', 'amount_invalid'],
      ['1.', 'amount_invalid'],
      ['', 'amount_invalid'],
      ['0', 'amount_not_positive'],
      ['-5', 'amount_not_positive'],
      ['-0.001', 'amount_not_positive'],
      ['1.001', 'amount_precision'],
    ] as const) {
      expect(parseCustomerAmount(text, 2).problem?.code, text).toBe(code);
    }
    expect(parseCustomerAmount('0.000000001', 8).problem).toEqual({
      code: 'amount_precision',
      params: { decimals: 8 },
    });
  });

  it('property: every positive amount at the scale reads back exactly; one digit finer is refused, never rounded', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        expect(parseCustomerAmount(formatDecimal(units, scale), scale)).toEqual({ units, problem: null });
        const oneDigitFiner = formatDecimal(units * 10n + 1n, scale + 1);
        expect(parseCustomerAmount(oneDigitFiner, scale).problem?.code).toBe('amount_precision');
      }),
    );
  });
});
