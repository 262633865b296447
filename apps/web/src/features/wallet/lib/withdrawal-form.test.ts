import { describe, expect, it } from 'vitest';
import { checkWithdrawalAmount } from './withdrawal-form';

/** The seeded USDT (TRC20) channel: 20 to 100,000 USDT, 1 USDT fixed fee. */
const TRC20 = { minAmount: '20', maxAmount: '100000', feeRate: '0', feeFixed: '1', openHours: '00:00-24:00' };
/** A bank channel: 100 to 200,000 USD, 0.5 %. */
const BANK = { minAmount: '100', maxAmount: '200000', feeRate: '0.005', feeFixed: '0', openHours: '09:00-17:00' };

describe('the withdrawal amount field', () => {
  it('is empty until something is typed', () => {
    expect(checkWithdrawalAmount('  ', 8, TRC20, '50')).toEqual({ state: 'empty' });
  });

  it('passes with the fee and what arrives', () => {
    expect(checkWithdrawalAmount('50', 8, TRC20, '12000.5')).toEqual({
      state: 'valid',
      units: 5_000_000_000n,
      preview: { fee: 100_000_000n, net: 4_900_000_000n },
    });
    // 100.01 x 0.5 % = 0.50005 -> 0.51, the customer pays it rounded up.
    expect(checkWithdrawalAmount('100.01', 2, BANK, null)).toMatchObject({ preview: { fee: 51n, net: 9_950n } });
  });

  it('says what the server would refuse, with its keys and in its order', () => {
    expect(checkWithdrawalAmount('1.234', 2, BANK, null)).toEqual({
      state: 'invalid',
      problem: { key: 'error.amount_precision', params: { decimals: 2 } },
      preview: null,
    });
    expect(checkWithdrawalAmount('19.99', 8, TRC20, '0')).toMatchObject({
      problem: { key: 'error.amount_below_minimum', params: { min: '20' } },
      preview: null,
    });
    expect(checkWithdrawalAmount('100000.01', 8, TRC20, '0')).toMatchObject({
      problem: { key: 'error.amount_above_maximum', params: { max: '100000' } },
    });
    // Insufficient balance comes after the fee: the fee is not shown then, as before.
    expect(checkWithdrawalAmount('12000.6', 8, TRC20, '12000.5')).toEqual({
      state: 'invalid',
      problem: { key: 'error.insufficient_balance', params: {} },
      preview: null,
    });
  });

  it('a fee that eats the amount is the problem, and its figure still shows', () => {
    const costly = { ...TRC20, minAmount: '0.5' };
    expect(checkWithdrawalAmount('1', 8, costly, '0')).toEqual({
      state: 'invalid',
      problem: { key: 'error.withdraw_fee_exceeds_amount', params: { fee: '1' } },
      preview: { fee: 100_000_000n, net: 0n },
    });
  });

  it('the hours are shown above the form, so a closed channel still checks the amount', () => {
    const closed = { ...BANK, openHours: '00:00-00:01' };
    expect(checkWithdrawalAmount('100', 2, closed, null).state).toBe('valid');
  });

  it('an unreadable schedule gives no preview, and still checks the limits and the balance', () => {
    const unreadable = { ...BANK, feeRate: 'x' };
    expect(checkWithdrawalAmount('150', 2, unreadable, null)).toEqual({
      state: 'valid',
      units: 15_000n,
      preview: null,
    });
    expect(checkWithdrawalAmount('99', 2, unreadable, null)).toMatchObject({
      problem: { key: 'error.amount_below_minimum' },
      preview: null,
    });
    expect(checkWithdrawalAmount('150', 2, unreadable, '149')).toMatchObject({
      problem: { key: 'error.insufficient_balance' },
    });
  });
});
