import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecimalFormatError } from '../decimal';
import { checkWithdrawal, withdrawalFee, WithdrawalScheduleError, type WithdrawalChannelTerms } from './withdrawal';

const NOON = Date.UTC(2026, 10, 18, 12);
/** A bank channel in cents: 100 to 200,000 USD, 0.5 % + 2.50, open 09:00-17:00 UTC. */
const BANK: WithdrawalChannelTerms = {
  scale: 2,
  minimum: 10_000n,
  maximum: 20_000_000n,
  feeRate: '0.005',
  feeFixed: 250n,
  openHours: '09:00-17:00',
};

describe('withdrawal fee', () => {
  it('fee = amount x rate rounded up to the scale, plus the fixed fee', () => {
    expect(withdrawalFee(10_001n, 2, '0.005', 0n)).toBe(51n); // 100.01 x 0.5 % = 0.50005 -> 0.51
    expect(withdrawalFee(10_000n, 2, '0.005', 0n)).toBe(50n);
    expect(withdrawalFee(3_000_000_000n, 8, '0', 100_000_000n)).toBe(100_000_000n);
    expect(withdrawalFee(1n, 8, '0.001', 0n)).toBe(1n); // the smallest unit still pays the smallest fee
    expect(withdrawalFee(10_000n, 2, '0.01', 250n)).toBe(350n);
  });

  it('a schedule that is not one throws: the operator must fix it, the customer cannot', () => {
    expect(() => withdrawalFee(100n, 2, 'x', 0n)).toThrow(DecimalFormatError);
    expect(() => withdrawalFee(100n, 2, '0.0000000000001', 0n)).toThrow(DecimalFormatError);
    expect(() => withdrawalFee(100n, 2, '-0.1', 0n)).toThrow(WithdrawalScheduleError);
    expect(() => withdrawalFee(100n, 2, '0', -1n)).toThrow(WithdrawalScheduleError);
  });

  it('property: never below the exact product, never more than one unit above it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, rateMillionths) => {
          const rate = `0.${String(rateMillionths).padStart(6, '0')}`;
          const fee = withdrawalFee(amount, 8, rate, 0n);
          const exactTimesMillion = amount * BigInt(rateMillionths);
          expect(fee * 1_000_000n >= exactTimesMillion).toBe(true);
          expect((fee - 1n) * 1_000_000n < exactTimesMillion).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('checking a withdrawal', () => {
  it('passes with the fee and what leaves the platform', () => {
    expect(checkWithdrawal(100_000n, BANK, { at: NOON, available: 100_000n })).toEqual({
      problem: null,
      fee: 750n, // 1000 x 0.5 % + 2.50
      net: 99_250n,
    });
  });

  it('refuses in the server order: minimum, maximum, hours, fee, balance', () => {
    const closed = Date.UTC(2026, 10, 18, 20);
    // Below the minimum beats everything after it.
    expect(checkWithdrawal(9_999n, BANK, { at: closed, available: 0n }).problem).toEqual({
      code: 'amount_below_minimum',
      params: { min: '100' },
    });
    expect(checkWithdrawal(20_000_001n, BANK, { at: closed, available: 0n }).problem).toEqual({
      code: 'amount_above_maximum',
      params: { max: '200000' },
    });
    expect(checkWithdrawal(100_000n, BANK, { at: closed, available: 0n }).problem).toEqual({
      code: 'withdraw_channel_closed',
      params: { hours: '09:00-17:00' },
    });
    const costly = { ...BANK, minimum: 1n, feeFixed: 10_000n };
    expect(checkWithdrawal(10_000n, costly, { at: NOON, available: 0n })).toEqual({
      // 100 x 0.5 % + 100 = 100.50: more than the 100 asked for.
      problem: { code: 'withdraw_fee_exceeds_amount', params: { fee: '100.5' } },
      fee: 10_050n,
      net: -50n,
    });
    expect(checkWithdrawal(100_000n, BANK, { at: NOON, available: 99_999n })).toEqual({
      problem: { code: 'insufficient_balance', params: {} },
      fee: 750n,
      net: 99_250n,
    });
  });

  it('a fee equal to the amount is refused too: nothing would arrive', () => {
    const fixedOnly = { ...BANK, minimum: 1n, feeRate: '0', feeFixed: 100n };
    expect(checkWithdrawal(100n, fixedOnly, { at: NOON }).problem?.code).toBe('withdraw_fee_exceeds_amount');
    expect(checkWithdrawal(101n, fixedOnly, { at: NOON }).problem).toBeNull();
  });

  it('leaves the hours and the balance out when the caller has not given them', () => {
    expect(checkWithdrawal(100_000n, BANK).problem).toBeNull();
    expect(checkWithdrawal(100_000n, { ...BANK, minimum: null, maximum: null }).problem).toBeNull();
  });

  it('the fee of a fee that exceeds the amount is named without trailing zeros', () => {
    const usdt = {
      scale: 8,
      minimum: 1n,
      maximum: 10n ** 18n,
      feeRate: '0',
      feeFixed: 100_000_000n,
      openHours: '00:00-24:00',
    };
    expect(checkWithdrawal(50_000_000n, usdt).problem?.params).toEqual({ fee: '1' });
  });

  it('property: fee + net = amount, the fee is never negative, and whatever passes respects every bound', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (amount, rateMillionths, feeFixed, minimum, maximumAbove, available, minute) => {
          const channel: WithdrawalChannelTerms = {
            scale: 8,
            minimum,
            maximum: minimum + maximumAbove,
            feeRate: `0.${String(rateMillionths).padStart(6, '0')}`,
            feeFixed,
            openHours: '08:00-20:00',
          };
          const at = Date.UTC(2026, 0, 5) + minute * 60_000;
          const check = checkWithdrawal(amount, channel, { at, available });
          if (check.fee !== null && check.net !== null) {
            expect(check.fee + check.net).toBe(amount);
            expect(check.fee >= feeFixed).toBe(true);
            // Rounded up: fee - fixed is the smallest whole unit at or above amount x rate.
            const exactTimesMillion = amount * BigInt(rateMillionths);
            expect((check.fee - feeFixed) * 1_000_000n >= exactTimesMillion).toBe(true);
            expect((check.fee - feeFixed - 1n) * 1_000_000n < exactTimesMillion).toBe(true);
          }
          if (check.problem === null) {
            expect(amount >= minimum && amount <= minimum + maximumAbove).toBe(true);
            expect(minute >= 8 * 60 && minute < 20 * 60).toBe(true);
            expect(check.fee < amount && check.net > 0n).toBe(true);
            expect(amount <= available).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
