import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../decimal';
import { sumOfMoves } from '../decision';
import {
  accrueLoanDay,
  checkLoanProductTerms,
  decideLoanApplication,
  decideLoanRepayment,
  loanCatchUp,
  loanDayEnd,
  loanDayInterest,
  loanDayKind,
  loanDaysDue,
  loanDisbursementMoves,
  loanDueTime,
  loanInterestOwed,
  loanIsOverdue,
  loanOwed,
  loanPrincipalOwed,
  loanTermsEqual,
  normaliseLoanRate,
  parseLoanRate,
  splitLoanRepayment,
  LOAN_DAY_MS,
  LoanTermsError,
  type LoanProductRules,
  type LoanState,
  type LoanTerms,
} from './loan';

const SCALE = 8;
const usdt = (text: string) => parseDecimal(text, SCALE);
/** The seeded "Quick loan 7 days": 1 free day, 0.1 % a day, 0.3 % a day overdue. */
const QUICK: LoanTerms = { termDays: 7, dailyRate: '0.001', interestFreeDays: 1, overdueDailyRate: '0.003' };
const fresh = (principal: string): LoanState => ({
  principal: usdt(principal),
  interestAccrued: 0n,
  principalRepaid: 0n,
  interestRepaid: 0n,
  daysAccrued: 0,
});

describe('loan days', () => {
  it('day k is free within the interest-free days, at the daily rate within the term, overdue after', () => {
    expect([1, 2, 7, 8, 100].map((day) => loanDayKind(QUICK, day))).toEqual([
      'free',
      'term',
      'term',
      'overdue',
      'overdue',
    ]);
    expect(loanDayKind({ termDays: 3, interestFreeDays: 3 }, 3)).toBe('free');
    expect(loanDayKind({ termDays: 3, interestFreeDays: 0 }, 1)).toBe('term');
    expect(() => loanDayKind(QUICK, 0)).toThrow(RangeError);
    expect(() => loanDayKind(QUICK, 1.5)).toThrow(RangeError);
  });

  it('a day ends 24 h after the one before; days due are the whole days ended by asOf', () => {
    const approved = 1_000_000;
    expect(loanDayEnd(approved, 1)).toBe(approved + LOAN_DAY_MS);
    expect(loanDueTime(approved, 7)).toBe(approved + 7 * LOAN_DAY_MS);
    expect(loanDaysDue(approved, approved - 1)).toBe(0);
    expect(loanDaysDue(approved, approved)).toBe(0);
    expect(loanDaysDue(approved, approved + LOAN_DAY_MS - 1)).toBe(0);
    expect(loanDaysDue(approved, approved + LOAN_DAY_MS)).toBe(1);
    expect(loanDaysDue(approved, approved + 10 * LOAN_DAY_MS + 5)).toBe(10);
  });

  it("a day's interest is the principal owed times the day's rate, rounded up", () => {
    expect(loanDayInterest(QUICK, usdt('1000'), 1, SCALE)).toBe(0n);
    expect(loanDayInterest(QUICK, usdt('1000'), 2, SCALE)).toBe(usdt('1'));
    expect(loanDayInterest(QUICK, usdt('1000'), 8, SCALE)).toBe(usdt('3'));
    // 0.00000001 x 0.001 = 0.00000000001: the customer pays, so it rounds up to one unit.
    expect(loanDayInterest(QUICK, 1n, 2, SCALE)).toBe(1n);
    // 123.45678901 x 0.001 = 0.12345678901 -> 0.12345679
    expect(loanDayInterest(QUICK, usdt('123.45678901'), 3, SCALE)).toBe(usdt('0.12345679'));
    expect(loanDayInterest({ ...QUICK, dailyRate: '0' }, usdt('1000'), 2, SCALE)).toBe(0n);
    expect(() => loanDayInterest(QUICK, -1n, 2, SCALE)).toThrow(RangeError);
  });

  it('overdue is after the due time with something owed', () => {
    const state = fresh('100');
    expect(loanIsOverdue(state, 1000, 1000)).toBe(false);
    expect(loanIsOverdue(state, 1000, 1001)).toBe(true);
    expect(loanIsOverdue({ ...state, principalRepaid: state.principal }, 1000, 1001)).toBe(false);
  });
});

describe('accrual', () => {
  it('accrues day after day; a free day moves nothing; the moves sum to zero', () => {
    const first = accrueLoanDay(fresh('1000'), QUICK, SCALE);
    expect(first).toMatchObject({ day: 1, interest: 0n, moves: [] });
    expect(first.state.daysAccrued).toBe(1);
    const second = accrueLoanDay(first.state, QUICK, SCALE);
    expect(second.interest).toBe(usdt('1'));
    expect(second.moves).toEqual([
      { role: 'loan_interest_receivable', amount: -usdt('1') },
      { role: 'loan_interest_income', amount: usdt('1') },
    ]);
    expect(sumOfMoves(second.moves)).toBe(0n);
    expect(second.state).toMatchObject({ daysAccrued: 2, interestAccrued: usdt('1') });
  });

  it('catches up every due day in order, bounded, on the principal still owed', () => {
    const caughtUp = loanCatchUp(fresh('1000'), QUICK, SCALE, 10);
    // 1 free day, 6 term days at 1, 3 overdue days at 3.
    expect(caughtUp.accruals.map((accrual) => accrual.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(caughtUp.state.interestAccrued).toBe(usdt('15'));
    expect(loanCatchUp(fresh('1000'), QUICK, SCALE, 10, 4).state.daysAccrued).toBe(4);
    expect(loanCatchUp(caughtUp.state, QUICK, SCALE, 10).accruals).toEqual([]);
    const halfRepaid = { ...fresh('1000'), principalRepaid: usdt('500'), daysAccrued: 1 };
    expect(accrueLoanDay(halfRepaid, QUICK, SCALE).interest).toBe(usdt('0.5'));
  });
});

describe('repayment', () => {
  const owing: LoanState = { ...fresh('1000'), interestAccrued: usdt('4'), daysAccrued: 5 };

  it('pays interest first, then principal', () => {
    const partial = splitLoanRepayment(owing, usdt('3'), SCALE);
    expect(partial).toMatchObject({ problem: null, interestPart: usdt('3'), principalPart: 0n, settles: false });
    const more = splitLoanRepayment(owing, usdt('10'), SCALE);
    expect(more).toMatchObject({ interestPart: usdt('4'), principalPart: usdt('6'), settles: false });
    if (more.problem) throw new Error('refused');
    expect(more.moves).toEqual([
      { role: 'customer_available', amount: -usdt('10') },
      { role: 'loan_book', amount: usdt('6') },
      { role: 'loan_interest_receivable', amount: usdt('4') },
    ]);
    expect(loanOwed(more.state)).toBe(usdt('994'));
    expect(loanPrincipalOwed(more.state)).toBe(usdt('994'));
    expect(loanInterestOwed(more.state)).toBe(0n);
  });

  it('settles when the whole amount owed is repaid; a principal-only repayment has no interest leg', () => {
    const all = splitLoanRepayment(owing, usdt('1004'), SCALE);
    expect(all).toMatchObject({ problem: null, settles: true, interestPart: usdt('4'), principalPart: usdt('1000') });
    const noInterest = splitLoanRepayment(fresh('1000'), usdt('1'), SCALE);
    if (noInterest.problem) throw new Error('refused');
    expect(noInterest.moves.map((move) => move.role)).toEqual(['customer_available', 'loan_book']);
  });

  it('refuses more than is owed, naming what is owed', () => {
    expect(splitLoanRepayment(owing, usdt('1004.00000001'), SCALE)).toEqual({
      problem: { code: 'loan_repay_above_owed', params: { owed: '1004' } },
    });
    expect(() => splitLoanRepayment(owing, 0n, SCALE)).toThrow(RangeError);
  });

  it("checks the typed amount's format first", () => {
    expect(decideLoanRepayment(owing, 'abc', SCALE).problem?.code).toBe('amount_invalid');
    expect(decideLoanRepayment(owing, '0', SCALE).problem?.code).toBe('amount_not_positive');
    expect(decideLoanRepayment(owing, '1.000000001', SCALE).problem).toEqual({
      code: 'amount_precision',
      params: { decimals: 8 },
    });
    expect(decideLoanRepayment(owing, '2000', SCALE).problem?.code).toBe('loan_repay_above_owed');
    expect(decideLoanRepayment(owing, '1', SCALE)).toMatchObject({ problem: null, interestPart: usdt('1') });
  });
});

describe('disbursement', () => {
  it('moves the principal from the loan book to the customer', () => {
    expect(loanDisbursementMoves(usdt('500'))).toEqual([
      { role: 'loan_book', amount: -usdt('500') },
      { role: 'customer_available', amount: usdt('500') },
    ]);
    expect(() => loanDisbursementMoves(0n)).toThrow(RangeError);
  });
});

describe('application', () => {
  const product: LoanProductRules = {
    minAmount: usdt('100'),
    maxAmount: usdt('5000'),
    maxOpenLoans: 1,
    paused: false,
    demoAllowed: false,
  };
  const apply = (amountText: string, extra: Partial<Parameters<typeof decideLoanApplication>[0]> = {}) =>
    decideLoanApplication({ amountText, scale: SCALE, product, demo: false, openLoans: 0, ...extra });

  it('accepts an amount within the bounds, inclusive', () => {
    expect(apply('100')).toEqual({ problem: null, principal: usdt('100') });
    expect(apply('5000')).toEqual({ problem: null, principal: usdt('5000') });
  });

  it('refuses in order: paused, demo, format, minimum, maximum, the open loans limit', () => {
    expect(apply('1', { product: { ...product, paused: true }, demo: true }).problem?.code).toBe('loan_paused');
    expect(apply('1', { demo: true }).problem?.code).toBe('loan_demo_not_allowed');
    expect(apply('100', { demo: true, product: { ...product, demoAllowed: true } }).problem).toBeNull();
    expect(apply('x').problem?.code).toBe('amount_invalid');
    expect(apply('99.99999999')).toEqual({ problem: { code: 'loan_below_minimum', params: { min: '100' } } });
    expect(apply('5000.00000001')).toEqual({ problem: { code: 'loan_above_maximum', params: { max: '5000' } } });
    expect(apply('100', { openLoans: 1 })).toEqual({ problem: { code: 'loan_limit_reached', params: { max: 1 } } });
  });
});

describe('product terms', () => {
  const valid = {
    minAmount: '100',
    maxAmount: '5000',
    termDays: 7,
    dailyRate: '0.0010',
    interestFreeDays: 1,
    overdueDailyRate: '0.003',
    maxOpenLoans: 1,
  };

  it('accepts valid terms and publishes rates in their shortest form', () => {
    const checked = checkLoanProductTerms(valid, SCALE);
    expect(checked).toMatchObject({
      problem: null,
      terms: { minAmount: usdt('100'), maxAmount: usdt('5000'), dailyRate: '0.001', overdueDailyRate: '0.003' },
    });
    expect(checkLoanProductTerms({ ...valid, dailyRate: '0', interestFreeDays: 7 }, SCALE).problem).toBeNull();
    expect(checkLoanProductTerms({ ...valid, dailyRate: '1' }, SCALE).problem).toBeNull();
  });

  it('refuses each invalid term, naming the field', () => {
    const field = (changes: Partial<typeof valid>) => checkLoanProductTerms({ ...valid, ...changes }, SCALE).problem;
    expect(field({ minAmount: '0' })).toEqual({ code: 'loan_terms_invalid', params: { field: 'minAmount' } });
    expect(field({ minAmount: '0.000000001' })?.params).toEqual({ field: 'minAmount' });
    expect(field({ maxAmount: '99' })?.params).toEqual({ field: 'maxAmount' });
    expect(field({ termDays: 0 })?.params).toEqual({ field: 'termDays' });
    expect(field({ termDays: 3651 })?.params).toEqual({ field: 'termDays' });
    expect(field({ interestFreeDays: 8 })?.params).toEqual({ field: 'interestFreeDays' });
    expect(field({ interestFreeDays: -1 })?.params).toEqual({ field: 'interestFreeDays' });
    expect(field({ dailyRate: '-0.001' })?.params).toEqual({ field: 'dailyRate' });
    expect(field({ dailyRate: '1.0001' })?.params).toEqual({ field: 'dailyRate' });
    expect(field({ dailyRate: '0.0000000000001' })?.params).toEqual({ field: 'dailyRate' });
    expect(field({ overdueDailyRate: 'abc' })?.params).toEqual({ field: 'overdueDailyRate' });
    expect(field({ maxOpenLoans: 0 })?.params).toEqual({ field: 'maxOpenLoans' });
  });

  it('compares cost terms by value', () => {
    const checked = checkLoanProductTerms(valid, SCALE);
    if (checked.problem) throw new Error('refused');
    const terms = checked.terms;
    expect(loanTermsEqual(terms, { ...terms, dailyRate: '0.00100' })).toBe(true);
    expect(loanTermsEqual(terms, { ...terms, dailyRate: '0.002' })).toBe(false);
    expect(loanTermsEqual(terms, { ...terms, termDays: 8 })).toBe(false);
    expect(loanTermsEqual(terms, { ...terms, maxAmount: terms.maxAmount + 1n })).toBe(false);
  });

  it('parses rates within 0..1 only', () => {
    expect(parseLoanRate('0.001')).toBe(1_000_000_000n);
    expect(() => parseLoanRate('2')).toThrow(LoanTermsError);
    expect(normaliseLoanRate('0.500')).toBe('0.5');
    expect(normaliseLoanRate('1')).toBe('1');
  });
});
