import { multiply } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  configuredUnits,
  displayDecimalsOf,
  fractionToPercent,
  isAlwaysOpen,
  isOpenAt,
  parseConfigured,
  plain,
  trimZerosBeyond,
  withdrawalPreview,
} from './money';

describe('amount checks', () => {
  it('accepts a positive amount with at most the currency scale', () => {
    expect(checkAmount('12.34', 2)).toEqual({ state: 'valid', units: 1234n });
    expect(checkAmount(' 0.00000001 ', 8)).toEqual({ state: 'valid', units: 1n });
    expect(checkAmount('1.500', 2)).toEqual({ state: 'valid', units: 150n });
  });

  it('says what is wrong, with the keys the server would use', () => {
    expect(checkAmount('', 2)).toEqual({ state: 'empty' });
    expect(checkAmount('0', 2)).toMatchObject({ problem: { key: 'error.amount_not_positive' } });
    expect(checkAmount('-5', 2)).toMatchObject({ problem: { key: 'error.amount_not_positive' } });
    expect(checkAmount('1.234', 2)).toMatchObject({
      problem: { key: 'error.amount_precision', params: { decimals: 2 } },
    });
    expect(checkAmount('1e3', 2)).toMatchObject({ problem: { key: 'error.amount_invalid' } });
    expect(checkAmount('.5', 2)).toMatchObject({ problem: { key: 'error.amount_invalid' } });
    expect(checkAmount('1.', 2)).toMatchObject({ problem: { key: 'error.amount_invalid' } });
  });

  it('checks limits (a zero maximum is none) and the available balance', () => {
    const limits = { min: '10', max: '100000.00', available: '250.5' };
    expect(checkAmount('9.99', 2, limits)).toMatchObject({
      problem: { key: 'error.amount_below_minimum', params: { min: '10' } },
    });
    expect(checkAmount('10', 2, limits).state).toBe('valid');
    expect(checkAmount('250.50', 2, limits).state).toBe('valid');
    expect(checkAmount('250.51', 2, limits)).toMatchObject({ problem: { key: 'error.insufficient_balance' } });
    expect(checkAmount('100000.01', 2, { max: '100000' })).toMatchObject({
      problem: { key: 'error.amount_above_maximum', params: { max: '100000' } },
    });
    expect(checkAmount('99999999', 2, { max: '0' }).state).toBe('valid');
  });
});

describe('configured decimals', () => {
  it('parse at their own precision', () => {
    expect(parseConfigured('0.005')).toEqual({ units: 5n, scale: 3 });
    expect(parseConfigured('10.00')).toEqual({ units: 10n, scale: 0 });
    expect(parseConfigured('abc')).toBeNull();
    expect(plain('100000.00000000')).toBe('100000');
  });

  it('round a bound up to the currency scale, never down', () => {
    expect(configuredUnits('0.005', 2)).toBe(1n);
    expect(configuredUnits('1', 8)).toBe(100_000_000n);
  });

  it('show fee rates as exact percents', () => {
    expect(fractionToPercent('0.001')).toBe('0.1');
    expect(fractionToPercent('0.005')).toBe('0.5');
    expect(fractionToPercent('0.0025')).toBe('0.25');
    expect(fractionToPercent('0')).toBe('0');
    expect(fractionToPercent('1')).toBe('100');
    expect(fractionToPercent('0.1')).toBe('10');
  });
});

describe('withdrawal fee preview (the published schedule, as the server books it)', () => {
  it('fixed fee only: USDT (TRC20) charges 1 USDT', () => {
    const preview = withdrawalPreview(2_000_000_000n, 8, { feeRate: '0', feeFixed: '1' });
    expect(preview).toEqual({ fee: 100_000_000n, net: 1_900_000_000n });
  });

  it('a percentage rounds up to the currency scale (the customer pays)', () => {
    // 100.01 USD x 0.5 % = 0.50005 -> 0.51
    expect(withdrawalPreview(10_001n, 2, { feeRate: '0.005', feeFixed: '0' })).toEqual({ fee: 51n, net: 9_950n });
    // exact: 200 x 0.5 % = 1.00
    expect(withdrawalPreview(20_000n, 2, { feeRate: '0.005', feeFixed: '0' })).toEqual({ fee: 100n, net: 19_900n });
  });

  it('rate plus fixed, and a fee that eats the amount shows a non-positive net', () => {
    expect(withdrawalPreview(10_000n, 2, { feeRate: '0.01', feeFixed: '2.5' })).toEqual({ fee: 350n, net: 9_650n });
    expect(withdrawalPreview(50n, 2, { feeRate: '0', feeFixed: '1' })?.net).toBe(-50n);
  });

  it('matches the server formula on many amounts', () => {
    for (let cents = 1n; cents < 5_000n; cents += 37n) {
      const expected = multiply(cents, 2, 5_000_000_000n, 12, 2, 'up');
      expect(withdrawalPreview(cents, 2, { feeRate: '0.005', feeFixed: '0' })?.fee).toBe(expected);
    }
  });

  it('an unreadable schedule gives no preview rather than a guess', () => {
    expect(withdrawalPreview(100n, 2, { feeRate: 'x', feeFixed: '0' })).toBeNull();
    expect(withdrawalPreview(100n, 2, { feeRate: '-0.1', feeFixed: '0' })).toBeNull();
  });
});

describe('display decimals per currency', () => {
  const usd = { id: 1, currencyType: 0, scale: 2 };
  const usdt = { id: 3, currencyType: 1, scale: 8 };
  const btc = { id: 4, currencyType: 1, scale: 8 };
  it('fiat and USDT follow app_decimal_no; coins show their scale', () => {
    expect(displayDecimalsOf(usd, 2)).toBe(2);
    expect(displayDecimalsOf(usdt, 2)).toBe(2);
    expect(displayDecimalsOf(btc, 2)).toBe(8);
    expect(displayDecimalsOf(undefined, 3)).toBe(3);
  });
});

describe('channel hours (UTC)', () => {
  const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 22, hours, minutes);
  it('follows the server rule: start inclusive, end exclusive, over midnight, always open', () => {
    expect(isOpenAt('09:00-17:00', at(9))).toBe(true);
    expect(isOpenAt('09:00-17:00', at(16, 59))).toBe(true);
    expect(isOpenAt('09:00-17:00', at(17))).toBe(false);
    expect(isOpenAt('22:00-06:00', at(23))).toBe(true);
    expect(isOpenAt('22:00-06:00', at(7))).toBe(false);
    expect(isOpenAt('00:00-24:00', at(3))).toBe(true);
    expect(isOpenAt('nonsense', at(3))).toBeNull();
    expect(isAlwaysOpen('00:00-24:00')).toBe(true);
    expect(isAlwaysOpen('09:00-17:00')).toBe(false);
  });
});

describe('trimZerosBeyond', () => {
  it('drops zeros past the app decimals but keeps a coin digits', () => {
    expect(trimZerosBeyond('0.00000000', 2)).toBe('0.00');
    expect(trimZerosBeyond('0.00420000', 2)).toBe('0.0042');
    expect(trimZerosBeyond('1,234.50000000', 2)).toBe('1,234.50');
    expect(trimZerosBeyond('-20.00000001', 2)).toBe('-20.00000001');
    expect(trimZerosBeyond('12.000', 0)).toBe('12');
  });

  it('leaves text without decimals or a placeholder alone', () => {
    expect(trimZerosBeyond('1,000', 2)).toBe('1,000');
    expect(trimZerosBeyond('--', 2)).toBe('--');
  });
});
