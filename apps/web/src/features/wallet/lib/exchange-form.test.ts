import { formatDecimal } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import { checkExchangeAmount } from './exchange-form';

/** The seeded USD -> USDT pair: 0.999, 0.1 %, 10 to 100,000 USD. */
const USD_USDT = { rate: '0.9990', feeRate: '0.001', minAmount: '10', maxAmount: '100000' };
const USD_TO_USDT = { fromScale: 2, toScale: 8 };
/** A pair without a minimum or maximum, for the quote alone. */
const UNBOUNDED = { rate: '1', feeRate: '0.001', minAmount: '0', maxAmount: '0' };

describe('the exchange amount field', () => {
  it('is empty until something is typed', () => {
    expect(checkExchangeAmount('', USD_TO_USDT, USD_USDT, null)).toEqual({ state: 'empty' });
  });

  it('quotes exactly as the server books: converted down, fee up', () => {
    // 100 x 0.999 = 99.9; fee 0.0999; received 99.8001.
    expect(checkExchangeAmount('100', USD_TO_USDT, USD_USDT, '250')).toEqual({
      state: 'valid',
      units: 10_000n,
      quote: { converted: 9_990_000_000n, fee: 9_990_000n, received: 9_980_010_000n },
    });
  });

  it("says what the server would refuse, with the exchange's own keys, in its order", () => {
    expect(checkExchangeAmount('0', USD_TO_USDT, USD_USDT, null)).toMatchObject({
      problem: { key: 'error.exchange_amount_invalid' },
    });
    expect(checkExchangeAmount('1.234', USD_TO_USDT, USD_USDT, null)).toMatchObject({
      problem: { key: 'error.exchange_amount_too_precise', params: { scale: 2 } },
    });
    expect(checkExchangeAmount('9.99', USD_TO_USDT, USD_USDT, null)).toEqual({
      state: 'invalid',
      problem: { key: 'error.exchange_below_minimum', params: { min: '10' } },
      quote: null,
    });
    expect(checkExchangeAmount('100000.01', USD_TO_USDT, USD_USDT, null)).toMatchObject({
      problem: { key: 'error.exchange_above_maximum', params: { max: '100000' } },
    });
    expect(checkExchangeAmount('100', USD_TO_USDT, USD_USDT, '99.99')).toMatchObject({
      problem: { key: 'error.insufficient_balance' },
    });
  });

  it('an amount that leaves nothing after the fee is too small, and its quote shows why', () => {
    const btc = { rate: '0.0000105', feeRate: '0.002', minAmount: '0', maxAmount: '0' };
    // 0.01 USDT x 0.0000105 = 0.000000105 BTC -> 0.00000010; fee 0.0000000002 -> 0.00000001; received 0.00000009.
    expect(checkExchangeAmount('0.01', { fromScale: 8, toScale: 8 }, btc, null)).toMatchObject({ state: 'valid' });
    expect(checkExchangeAmount('0.00000001', { fromScale: 8, toScale: 8 }, btc, null)).toEqual({
      state: 'invalid',
      problem: { key: 'error.exchange_amount_too_small', params: {} },
      quote: { converted: 0n, fee: 0n, received: 0n },
    });
  });

  it('USD -> USDT at 0.9990 with a 0.1 % fee', () => {
    const quote = checkExchangeAmount(
      '100',
      { fromScale: 2, toScale: 8 },
      { ...UNBOUNDED, rate: '0.9990', feeRate: '0.001' },
      null,
    );
    // 100 x 0.999 = 99.9; fee 0.0999
    expect(quote).toMatchObject({ quote: { converted: 9_990_000_000n, fee: 9_990_000n, received: 9_980_010_000n } });
  });

  it('USDT -> USD rounds the converted amount down and the fee up', () => {
    // 10.12345678 x 0.999 = 10.11333332... -> 10.11; fee 10.11 x 0.001 = 0.01011 -> 0.02
    const quote = checkExchangeAmount(
      '10.12345678',
      { fromScale: 8, toScale: 2 },
      { ...UNBOUNDED, rate: '0.9990', feeRate: '0.001' },
      null,
    );
    expect(quote).toMatchObject({ quote: { converted: 1_011n, fee: 2n, received: 1_009n } });
  });

  it('USDT -> BTC at a tiny rate keeps every digit exact', () => {
    const check = checkExchangeAmount(
      '10',
      { fromScale: 8, toScale: 8 },
      { ...UNBOUNDED, rate: '0.0000105', feeRate: '0.002' },
      null,
    );
    // 10 x 0.0000105 = 0.000105; fee 0.00000021
    expect(check.state !== 'empty' && check.quote && formatDecimal(check.quote.received, 8)).toBe('0.00010479');
  });

  it('no quote for an unusable rate, rather than a guess', () => {
    for (const rate of ['0', 'abc']) {
      expect(checkExchangeAmount('0.01', { fromScale: 2, toScale: 2 }, { ...UNBOUNDED, rate }, null)).toEqual({
        state: 'valid',
        units: 1n,
        quote: null,
      });
    }
  });
});
