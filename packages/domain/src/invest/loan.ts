/**
 * Loans (issue 13), pure: the rule the contract publishes (packages/contract/src/endpoints/loans.ts)
 * and every figure the server books for it. No I/O, no clock: times are arguments.
 *
 * - An application is within the product's bounds, on a product that takes applications, and the
 *   customer has fewer than `maxOpenLoans` applied or active loans in it (`decideLoanApplication`).
 * - Interest accrues per full day from approval: day k (1-based) ends at approveTime + k x 24 h. Day k
 *   costs 0 when k <= interestFreeDays, principal still owed x dailyRate when k <= termDays, and
 *   principal still owed x overdueDailyRate after, rounded UP to the currency's scale (the customer
 *   pays it: HOUSE_ROUNDING.customerPays). Overdue days continue until the loan is settled.
 * - A repayment pays interest owed first, then principal; more than is owed is refused.
 * - owed = principal + interest accrued - principal repaid - interest repaid, at every step.
 * There is no other fee.
 */
import { DecimalFormatError, formatDecimal, multiply, parseDecimal } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { parseCustomerAmount, type CustomerAmountProblemCode } from '../funding/customer-amount';
import { problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';

/** One loan day: 24 hours from the approval time. */
export const LOAN_DAY_MS = 86_400_000;
/** Daily rates are fractions (0.001 = 0.1 % a day) with at most this many decimals. */
export const LOAN_RATE_SCALE = 12;
/** The highest daily rate a product may publish: 1 (100 % a day). */
export const LOAN_RATE_MAX = 10n ** BigInt(LOAN_RATE_SCALE);
/** The longest term (and the most interest-free days) a product may have. */
export const LOAN_TERM_DAYS_MAX = 3650;
/** The most loans one customer may hold at once in one product. */
export const LOAN_OPEN_LOANS_MAX = 100;

/** The terms that decide what a loan costs: copied onto every loan when it is applied for. */
export interface LoanTerms {
  termDays: number;
  /** A fraction as published ("0.001"). */
  dailyRate: string;
  interestFreeDays: number;
  /** Replaces dailyRate for every day after the term. */
  overdueDailyRate: string;
}

/** What a loan has lent, accrued and been repaid: units at the loan's money scale. */
export interface LoanBalance {
  principal: bigint;
  interestAccrued: bigint;
  principalRepaid: bigint;
  interestRepaid: bigint;
}

/** A loan's balance and the number of days whose interest has been accrued. */
export interface LoanState extends LoanBalance {
  daysAccrued: number;
}

/** The accounts a loan's entries move, by role (the server maps each to its ledger account). */
export type LoanAccountRole = 'customer_available' | 'loan_book' | 'loan_interest_receivable' | 'loan_interest_income';

export type LoanMove = LedgerMove<LoanAccountRole>;

/** A product's terms are not a valid schedule: an operator's or a programmer's mistake, never a customer's. */
export class LoanTermsError extends RangeError {
  override readonly name = 'LoanTermsError';
}

// ---- Balances ----

/** Principal still owed. */
export function loanPrincipalOwed(balance: LoanBalance): bigint {
  return balance.principal - balance.principalRepaid;
}

/** Interest accrued and not yet repaid. */
export function loanInterestOwed(balance: LoanBalance): bigint {
  return balance.interestAccrued - balance.interestRepaid;
}

/** principal + interest accrued - repayments. */
export function loanOwed(balance: LoanBalance): bigint {
  return balance.principal + balance.interestAccrued - balance.principalRepaid - balance.interestRepaid;
}

// ---- Days and interest ----

/** A daily rate as units at LOAN_RATE_SCALE. Throws DecimalFormatError or LoanTermsError (outside 0..1). */
export function parseLoanRate(text: string): bigint {
  const rate = parseDecimal(text, LOAN_RATE_SCALE);
  if (rate < 0n || rate > LOAN_RATE_MAX) throw new LoanTermsError(`a daily rate outside 0..1: ${text}`);
  return rate;
}

/** The rate as it is published: the shortest decimal text of the same value ("0.0010" -> "0.001"). */
export function normaliseLoanRate(text: string): string {
  return formatDecimal(parseLoanRate(text), LOAN_RATE_SCALE, { trimZeros: true });
}

export type LoanDayKind = 'free' | 'term' | 'overdue';

/** Which rate day k (1-based) pays: free within the interest-free days, the daily rate within the term, overdue after. */
export function loanDayKind(terms: Pick<LoanTerms, 'termDays' | 'interestFreeDays'>, day: number): LoanDayKind {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`loan days count from 1: ${day}`);
  if (day <= terms.interestFreeDays) return 'free';
  if (day <= terms.termDays) return 'term';
  return 'overdue';
}

/**
 * Day k's interest on `principalOwed` (units at `scale`): 0 on a free day, otherwise principalOwed x
 * the day's rate rounded UP to the scale (the customer pays it).
 */
export function loanDayInterest(terms: LoanTerms, principalOwed: bigint, day: number, scale: number): bigint {
  if (principalOwed < 0n) throw new RangeError('a negative principal owed');
  const kind = loanDayKind(terms, day);
  if (kind === 'free') return 0n;
  const rate = parseLoanRate(kind === 'term' ? terms.dailyRate : terms.overdueDailyRate);
  return multiply(principalOwed, scale, rate, LOAN_RATE_SCALE, scale, HOUSE_ROUNDING.customerPays);
}

/** The end of day k: approveTime + k x 24 h. */
export function loanDayEnd(approveTime: number, day: number): number {
  return approveTime + day * LOAN_DAY_MS;
}

/** The due time: the end of the term's last day. */
export function loanDueTime(approveTime: number, termDays: number): number {
  return loanDayEnd(approveTime, termDays);
}

/** How many whole days have ended at or before `asOf` (day k is due once its end <= asOf). */
export function loanDaysDue(approveTime: number, asOf: number): number {
  if (asOf < approveTime) return 0;
  return Math.floor((asOf - approveTime) / LOAN_DAY_MS);
}

/** 1 when the due time has passed with something still owed. */
export function loanIsOverdue(balance: LoanBalance, dueTime: number, now: number): boolean {
  return now > dueTime && loanOwed(balance) > 0n;
}

// ---- Events: each one's state after and its ledger moves (which sum to zero) ----

/** One day's accrual: the day, its interest, the state after, and the moves (none for 0 interest). */
export interface LoanAccrual {
  day: number;
  interest: bigint;
  state: LoanState;
  /** loan_interest_receivable -interest, loan_interest_income +interest. */
  moves: LoanMove[];
}

/** Accrues the next day (daysAccrued + 1) on the principal still owed. */
export function accrueLoanDay(state: LoanState, terms: LoanTerms, scale: number): LoanAccrual {
  const day = state.daysAccrued + 1;
  const interest = loanDayInterest(terms, loanPrincipalOwed(state), day, scale);
  return {
    day,
    interest,
    state: { ...state, daysAccrued: day, interestAccrued: state.interestAccrued + interest },
    moves: nonZeroMoves<LoanMove>([
      { role: 'loan_interest_receivable', amount: -interest },
      { role: 'loan_interest_income', amount: interest },
    ]),
  };
}

/**
 * Every day due by `daysDue` not yet accrued, in order (at most `daysMax` of them), with the state after
 * the last: what the job posts, and what a screen shows as owed now before the job has run.
 */
export function loanCatchUp(
  state: LoanState,
  terms: LoanTerms,
  scale: number,
  daysDue: number,
  daysMax = Number.POSITIVE_INFINITY,
): { accruals: LoanAccrual[]; state: LoanState } {
  const accruals: LoanAccrual[] = [];
  let current = state;
  while (current.daysAccrued < daysDue && accruals.length < daysMax) {
    const accrual = accrueLoanDay(current, terms, scale);
    accruals.push(accrual);
    current = accrual.state;
  }
  return { accruals, state: current };
}

/** Approval: the principal moves from the loan book to the customer's available balance. */
export function loanDisbursementMoves(principal: bigint): LoanMove[] {
  if (principal <= 0n) throw new RangeError('a loan lends a positive principal');
  return [
    { role: 'loan_book', amount: -principal },
    { role: 'customer_available', amount: principal },
  ];
}

export type LoanRepaymentProblemCode = CustomerAmountProblemCode | 'loan_repay_above_owed';

export interface LoanRepaymentSplit {
  amount: bigint;
  interestPart: bigint;
  principalPart: bigint;
  /** True when nothing is owed afterwards: the loan is settled. */
  settles: boolean;
  state: LoanState;
  /** customer_available -amount, loan_book +principalPart, loan_interest_receivable +interestPart. */
  moves: LoanMove[];
}

/**
 * A repayment of `amount` (units, positive): interest owed first, then principal. More than is owed is
 * refused with the owed amount in the currency's format.
 */
export function splitLoanRepayment(
  state: LoanState,
  amount: bigint,
  scale: number,
): Decision<'loan_repay_above_owed', LoanRepaymentSplit> {
  if (amount <= 0n) throw new RangeError('a repayment is positive');
  const owed = loanOwed(state);
  if (amount > owed) {
    return refusal(problem('loan_repay_above_owed', { owed: formatDecimal(owed, scale, { trimZeros: true }) }));
  }
  const interestOwed = loanInterestOwed(state);
  const interestPart = amount < interestOwed ? amount : interestOwed;
  const principalPart = amount - interestPart;
  const after: LoanState = {
    ...state,
    interestRepaid: state.interestRepaid + interestPart,
    principalRepaid: state.principalRepaid + principalPart,
  };
  return {
    problem: null,
    amount,
    interestPart,
    principalPart,
    settles: loanOwed(after) === 0n,
    state: after,
    moves: nonZeroMoves<LoanMove>([
      { role: 'customer_available', amount: -amount },
      { role: 'loan_book', amount: principalPart },
      { role: 'loan_interest_receivable', amount: interestPart },
    ]),
  };
}

/** A repayment the customer typed: the amount's format first (at the loan's scale), then the split. */
export function decideLoanRepayment(
  state: LoanState,
  amountText: string,
  scale: number,
): Decision<LoanRepaymentProblemCode, LoanRepaymentSplit> {
  const amount = parseCustomerAmount(amountText, scale);
  if (amount.problem) return refusal(amount.problem);
  return splitLoanRepayment(state, amount.units, scale);
}

// ---- Applications ----

/** What of a product decides whether an application is accepted (amounts at the currency's scale). */
export interface LoanProductRules {
  minAmount: bigint;
  maxAmount: bigint;
  maxOpenLoans: number;
  paused: boolean;
  demoAllowed: boolean;
}

export type LoanApplicationProblemCode =
  | CustomerAmountProblemCode
  | 'loan_paused'
  | 'loan_demo_not_allowed'
  | 'loan_below_minimum'
  | 'loan_above_maximum'
  | 'loan_limit_reached';

/**
 * An application, first problem wins: a paused product; a demo account on a product that lends no
 * demo money; the amount's format; below the minimum {min}; above the maximum {max}; the customer
 * already holding `maxOpenLoans` applied or active loans in the product {max}. Nothing moves on
 * application, so the decision is only the principal.
 */
export function decideLoanApplication(input: {
  amountText: string;
  scale: number;
  product: LoanProductRules;
  demo: boolean;
  /** The customer's applied and active loans in this product. */
  openLoans: number;
}): Decision<LoanApplicationProblemCode, { principal: bigint }> {
  const { product, scale } = input;
  if (product.paused) return refusal(problem('loan_paused'));
  if (input.demo && !product.demoAllowed) return refusal(problem('loan_demo_not_allowed'));
  const amount = parseCustomerAmount(input.amountText, scale);
  if (amount.problem) return refusal(amount.problem);
  if (amount.units < product.minAmount) {
    return refusal(
      problem('loan_below_minimum', { min: formatDecimal(product.minAmount, scale, { trimZeros: true }) }),
    );
  }
  if (amount.units > product.maxAmount) {
    return refusal(
      problem('loan_above_maximum', { max: formatDecimal(product.maxAmount, scale, { trimZeros: true }) }),
    );
  }
  if (input.openLoans >= product.maxOpenLoans) {
    return refusal(problem('loan_limit_reached', { max: product.maxOpenLoans }));
  }
  return { problem: null, principal: amount.units };
}

// ---- Products ----

/** A product's terms as an operator types them (amounts and rates as text). */
export interface LoanProductTermsInput {
  minAmount: string;
  maxAmount: string;
  termDays: number;
  dailyRate: string;
  interestFreeDays: number;
  overdueDailyRate: string;
  maxOpenLoans: number;
}

/** The terms checked: amounts in units at the currency's scale, rates in their published (shortest) form. */
export interface LoanProductTerms extends LoanTerms {
  minAmount: bigint;
  maxAmount: bigint;
  maxOpenLoans: number;
}

/**
 * Checks a product's terms, first problem wins, as `loan_terms_invalid` naming the field: amounts
 * positive decimals at the currency's scale with min <= max; 1 <= termDays <= 3650; 0 <=
 * interestFreeDays <= termDays (a free day is inside the term, so an overdue day is never free); rates
 * decimals in 0..1 with at most 12 decimals; 1 <= maxOpenLoans <= 100.
 */
export function checkLoanProductTerms(
  input: LoanProductTermsInput,
  scale: number,
): Decision<'loan_terms_invalid', { terms: LoanProductTerms }> {
  const invalid = (field: string) => refusal(problem('loan_terms_invalid', { field }));
  const amount = (text: string): bigint | null => {
    const parsed = parseCustomerAmount(text, scale);
    return parsed.problem ? null : parsed.units;
  };
  const rate = (text: string): string | null => {
    try {
      return normaliseLoanRate(text);
    } catch (error) {
      if (error instanceof DecimalFormatError || error instanceof LoanTermsError) return null;
      throw error;
    }
  };
  const minAmount = amount(input.minAmount);
  if (minAmount === null) return invalid('minAmount');
  const maxAmount = amount(input.maxAmount);
  if (maxAmount === null || maxAmount < minAmount) return invalid('maxAmount');
  if (!Number.isInteger(input.termDays) || input.termDays < 1 || input.termDays > LOAN_TERM_DAYS_MAX) {
    return invalid('termDays');
  }
  if (
    !Number.isInteger(input.interestFreeDays) ||
    input.interestFreeDays < 0 ||
    input.interestFreeDays > input.termDays
  ) {
    return invalid('interestFreeDays');
  }
  const dailyRate = rate(input.dailyRate);
  if (dailyRate === null) return invalid('dailyRate');
  const overdueDailyRate = rate(input.overdueDailyRate);
  if (overdueDailyRate === null) return invalid('overdueDailyRate');
  if (!Number.isInteger(input.maxOpenLoans) || input.maxOpenLoans < 1 || input.maxOpenLoans > LOAN_OPEN_LOANS_MAX) {
    return invalid('maxOpenLoans');
  }
  return {
    problem: null,
    terms: {
      minAmount,
      maxAmount,
      termDays: input.termDays,
      dailyRate,
      interestFreeDays: input.interestFreeDays,
      overdueDailyRate,
      maxOpenLoans: input.maxOpenLoans,
    },
  };
}

/**
 * Whether two sets of cost terms are the same (rates compared by value, "0.0010" = "0.001"). These are
 * what may not change while a product has applied or active loans: what a loan costs and how much
 * may be borrowed.
 */
export function loanTermsEqual(
  left: Omit<LoanProductTerms, 'maxOpenLoans'>,
  right: Omit<LoanProductTerms, 'maxOpenLoans'>,
): boolean {
  return (
    left.minAmount === right.minAmount &&
    left.maxAmount === right.maxAmount &&
    left.termDays === right.termDays &&
    left.interestFreeDays === right.interestFreeDays &&
    parseLoanRate(left.dailyRate) === parseLoanRate(right.dailyRate) &&
    parseLoanRate(left.overdueDailyRate) === parseLoanRate(right.overdueDailyRate)
  );
}
