import { describe, expect, it } from 'vitest';
import { amountParams, checkApplication, loanCostPreview } from './apply-form';
import { plainDecimal, ratePercent } from './format';
import { checkRepayment, loanStateOf, owedNow } from './repay-form';
import { LOAN_FILTERS, loanStatusView } from './statuses';

const PRODUCT = {
  minAmount: '100.00000000',
  maxAmount: '5000.00000000',
  maxOpenLoans: 2,
  paused: 0,
  demoAllowed: 1,
};
const TERMS = { termDays: 30, dailyRate: '0.0008', interestFreeDays: 3, overdueDailyRate: '0.002' };
const check = (amountText: string, overrides: Partial<typeof PRODUCT> = {}, demo = false, openLoans = 0) =>
  checkApplication({ amountText, product: { ...PRODUCT, ...overrides }, scale: 8, demo, openLoans });

describe('the application form (the domain rule the server applies)', () => {
  it('accepts an amount within the bounds and answers its units', () => {
    expect(check('1000')).toEqual({ state: 'valid', principal: 100_000_000_000n });
    expect(check('100')).toMatchObject({ state: 'valid' });
    expect(check('5000')).toMatchObject({ state: 'valid' });
  });

  it('refuses below the minimum and above the maximum with the bound, as the server words it', () => {
    expect(check('99.99')).toEqual({
      state: 'invalid',
      problem: { key: 'error.loan_below_minimum', params: { min: '100' } },
    });
    expect(check('5000.01')).toEqual({
      state: 'invalid',
      problem: { key: 'error.loan_above_maximum', params: { max: '5000' } },
    });
  });

  it('refuses a malformed or too precise amount with the shared amount keys', () => {
    expect(check('abc')).toMatchObject({ problem: { key: 'error.amount_invalid' } });
    expect(check('0')).toMatchObject({ problem: { key: 'error.amount_not_positive' } });
    expect(check('100.123456789')).toMatchObject({
      problem: { key: 'error.amount_precision', params: { decimals: 8 } },
    });
  });

  it('says at once, even before an amount, that a product refuses every application', () => {
    expect(check('', { paused: 1 })).toMatchObject({ problem: { key: 'error.loan_paused' } });
    expect(check('', { demoAllowed: 0 }, true)).toMatchObject({ problem: { key: 'error.loan_demo_not_allowed' } });
    expect(check('', {}, false, 2)).toMatchObject({ problem: { key: 'error.loan_limit_reached', params: { max: 2 } } });
    // A demo account on a product lending demo money, a real account on one that lends none: fine.
    expect(check('', {}, true)).toEqual({ state: 'empty' });
    expect(check('1000', { demoAllowed: 0 }, false)).toMatchObject({ state: 'valid' });
    expect(check('')).toEqual({ state: 'empty' });
  });

  it('prices the loan as the server accrues it: free days, then principal x rate a day rounded up', () => {
    const preview = loanCostPreview(TERMS, 100_000_000_000n, 8);
    expect(preview).toEqual({
      principal: 100_000_000_000n,
      interestFreeDays: 3,
      chargedDays: 27,
      dailyInterest: 80_000_000n,
      totalInterest: 27n * 80_000_000n,
      totalAtDue: 100_000_000_000n + 27n * 80_000_000n,
      overdueDailyInterest: 200_000_000n,
    });
    // A day's interest that is not a whole unit is rounded up (the customer pays it).
    expect(loanCostPreview({ ...TERMS, dailyRate: '0.00000003' }, 10n, 8)?.dailyInterest).toBe(1n);
    // No free days, and a term that is all free.
    expect(loanCostPreview({ ...TERMS, interestFreeDays: 0 }, 100_000_000n, 8)?.totalInterest).toBe(30n * 80_000n);
    expect(loanCostPreview({ ...TERMS, interestFreeDays: 30 }, 100_000_000n, 8)).toMatchObject({
      chargedDays: 0,
      dailyInterest: 0n,
      totalInterest: 0n,
    });
    expect(loanCostPreview({ ...TERMS, dailyRate: 'x' }, 1n, 8)).toBeNull();
  });

  it('shows an amount parameter like every other amount, and leaves a count alone', () => {
    const format = (value: string) => `${value}!`;
    expect(amountParams({ key: 'error.loan_repay_above_owed', params: { owed: '2003.2' } }, format)).toEqual({
      owed: '\u20662003.2!\u2069',
    });
    expect(amountParams({ key: 'error.loan_limit_reached', params: { max: 2 } }, format)).toEqual({ max: 2 });
  });
});

describe('the repayment form', () => {
  const LOAN = {
    orderPrice: '1000.00000000',
    interestAccrued: '27.00000000',
    principalRepaid: '0.00000000',
    interestRepaid: '2.50000000',
    daysAccrued: 14,
  };
  const state = loanStateOf(LOAN, 8)!;

  it('reads the loan and splits what is owed: interest first, then principal', () => {
    expect(owedNow(state)).toEqual({
      owed: 102_450_000_000n,
      interest: 2_450_000_000n,
      principal: 100_000_000_000n,
    });
  });

  it('pays interest owed first, then principal, and says when the loan is settled', () => {
    expect(checkRepayment('30', state, 8, '5000')).toEqual({
      state: 'valid',
      amount: 3_000_000_000n,
      interestPart: 2_450_000_000n,
      principalPart: 550_000_000n,
      owedAfter: 99_450_000_000n,
      settles: false,
    });
    expect(checkRepayment('10', state, 8, '5000')).toMatchObject({ interestPart: 1_000_000_000n, principalPart: 0n });
    expect(checkRepayment('1024.5', state, 8, '5000')).toMatchObject({ owedAfter: 0n, settles: true });
  });

  it('refuses more than is owed (with the owed amount) and more than is available', () => {
    expect(checkRepayment('1024.51', state, 8, '5000')).toEqual({
      state: 'invalid',
      problem: { key: 'error.loan_repay_above_owed', params: { owed: '1024.5' } },
    });
    expect(checkRepayment('600', state, 8, '500')).toEqual({
      state: 'invalid',
      problem: { key: 'error.insufficient_balance', params: {} },
    });
    expect(checkRepayment('', state, 8, '500')).toEqual({ state: 'empty' });
    expect(checkRepayment('-1', state, 8, undefined)).toMatchObject({ problem: { key: 'error.amount_not_positive' } });
  });

  it('cannot read a figure finer than the currency', () => {
    expect(loanStateOf({ ...LOAN, orderPrice: '1.000000001' }, 8)).toBeNull();
  });
});

describe('statuses and figures', () => {
  it('labels each status, an overdue active loan in red', () => {
    expect(loanStatusView({ status: 0, overdue: 0 })).toEqual({
      labelKey: 'invest.loans.status_applied',
      tone: 'warning',
    });
    expect(loanStatusView({ status: 1, overdue: 0 })).toEqual({
      labelKey: 'invest.loans.status_active',
      tone: 'brand',
    });
    expect(loanStatusView({ status: 1, overdue: 1 })).toEqual({
      labelKey: 'invest.loans.status_overdue',
      tone: 'danger',
    });
    expect(loanStatusView({ status: 2, overdue: 0 })).toEqual({
      labelKey: 'invest.loans.status_settled',
      tone: 'success',
    });
    expect(loanStatusView({ status: 3, overdue: 0 })).toEqual({
      labelKey: 'invest.loans.status_rejected',
      tone: 'neutral',
    });
    expect(loanStatusView({ status: 9, overdue: 0 }).labelKey).toBe('invest.loans.status_unknown');
    expect(LOAN_FILTERS.map((filter) => filter.status)).toEqual([undefined, 0, 1, 2, 3]);
  });

  it('writes daily rates as exact percentages', () => {
    expect(ratePercent('0.0008')).toBe('0.08%');
    expect(ratePercent('0.001')).toBe('0.1%');
    expect(ratePercent('0.01')).toBe('1%');
    expect(ratePercent('0.1')).toBe('10%');
    expect(ratePercent('0.00000003')).toBe('0.000003%');
    expect(ratePercent('x')).toBe('--');
    expect(plainDecimal('2003.20000000')).toBe('2003.2');
  });
});
