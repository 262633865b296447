/**
 * The application form's reading of the domain's loan rule (@kestrel/domain invest/loan.ts), the one
 * the server refuses with: `decideLoanApplication` for the amount (paused product, demo account,
 * format, bounds, open loans), and the interest rule for what the loan will cost if approved. The
 * server still decides; these only tell the customer first, in the same words and figures.
 */
import {
  decideLoanApplication,
  loanCatchUp,
  loanDayInterest,
  LoanTermsError,
  DecimalFormatError,
  rescale,
  type LoanTerms,
} from '@kestrel/domain';
import { ltr } from '../../../shared/display/bidi';
import type { LoanProduct } from '../api/types';
import { parseExact } from './format';

/** A problem to show under a field: the key the server would refuse with, and its parameters. */
export interface FieldProblem {
  key: `error.${string}`;
  params: Record<string, string | number>;
}

/** The refusals whose parameters are amounts of the loan's currency (the rest are counts or names). */
const AMOUNT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'error.loan_below_minimum': ['min'],
  'error.loan_above_maximum': ['max'],
  'error.loan_repay_above_owed': ['owed'],
};

/**
 * A problem's parameters for the customer's eyes: an amount the rule wrote plainly ("2003.2") shown as
 * every other amount on the screen ("2,003.20 USDT", by `format`), isolated left to right for an
 * Arabic sentence. Other parameters pass unchanged.
 */
export function amountParams(
  problem: FieldProblem,
  format: (value: string) => string,
): Record<string, string | number> {
  const names = AMOUNT_PARAMS[problem.key];
  if (!names) return problem.params;
  const shown: Record<string, string | number> = { ...problem.params };
  for (const name of names) {
    const value = problem.params[name];
    if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) shown[name] = ltr(format(value));
  }
  return shown;
}

export type ApplicationCheck =
  { state: 'empty' } | { state: 'invalid'; problem: FieldProblem } | { state: 'valid'; principal: bigint };

/** A product's published amount at the currency's scale: a minimum rounded up, a maximum down (never overstated). */
function boundUnits(text: string, scale: number, rounding: 'up' | 'down'): bigint | null {
  const value = parseExact(text);
  return value ? rescale(value.units, value.scale, scale, rounding) : null;
}

/**
 * Checks the amount typed for `product` by the server's rule. `openLoans` is how many applied or
 * active loans the customer holds in this product (0 when not known yet: the server still checks).
 * An empty field is 'empty' unless the product itself refuses every application (paused, or no demo
 * money for a demo account), which is said at once.
 */
export function checkApplication(input: {
  amountText: string;
  product: Pick<LoanProduct, 'minAmount' | 'maxAmount' | 'maxOpenLoans' | 'paused' | 'demoAllowed'>;
  scale: number;
  demo: boolean;
  openLoans: number;
}): ApplicationCheck {
  const { product, scale } = input;
  const minAmount = boundUnits(product.minAmount, scale, 'up');
  const maxAmount = boundUnits(product.maxAmount, scale, 'down');
  if (minAmount === null || maxAmount === null) return { state: 'empty' };
  const empty = input.amountText.trim() === '';
  const decision = decideLoanApplication({
    // An empty field is checked as the smallest amount, so a refusal of the product itself still shows.
    amountText: empty ? product.minAmount : input.amountText,
    scale,
    product: {
      minAmount,
      maxAmount,
      maxOpenLoans: product.maxOpenLoans,
      paused: product.paused === 1,
      demoAllowed: product.demoAllowed === 1,
    },
    demo: input.demo,
    openLoans: input.openLoans,
  });
  if (decision.problem) {
    const code = decision.problem.code;
    const productWide = code === 'loan_paused' || code === 'loan_demo_not_allowed' || code === 'loan_limit_reached';
    if (empty && !productWide) return { state: 'empty' };
    return { state: 'invalid', problem: { key: `error.${code}`, params: decision.problem.params } };
  }
  return empty ? { state: 'empty' } : { state: 'valid', principal: decision.principal };
}

/** What a loan of `principal` costs when repaid at the due date, by the server's interest rule. */
export interface LoanCostPreview {
  principal: bigint;
  /** Days at the start that cost nothing. */
  interestFreeDays: number;
  /** Days of the term that pay the daily rate. */
  chargedDays: number;
  /** One charged day's interest (principal x daily rate, rounded up). */
  dailyInterest: bigint;
  /** Every day of the term, summed: what is owed in interest at the due time. */
  totalInterest: bigint;
  /** principal + totalInterest. */
  totalAtDue: bigint;
  /** One overdue day's interest (principal x overdue daily rate, rounded up). */
  overdueDailyInterest: bigint;
}

/** The cost of a loan with `terms` (the product's), or null when its terms cannot be read. */
export function loanCostPreview(terms: LoanTerms, principal: bigint, scale: number): LoanCostPreview | null {
  try {
    const chargedDays = Math.max(0, terms.termDays - terms.interestFreeDays);
    const dailyInterest = chargedDays > 0 ? loanDayInterest(terms, principal, terms.interestFreeDays + 1, scale) : 0n;
    const atDue = loanCatchUp(
      { principal, interestAccrued: 0n, principalRepaid: 0n, interestRepaid: 0n, daysAccrued: 0 },
      terms,
      scale,
      terms.termDays,
    );
    return {
      principal,
      interestFreeDays: Math.min(terms.interestFreeDays, terms.termDays),
      chargedDays,
      dailyInterest,
      totalInterest: atDue.state.interestAccrued,
      totalAtDue: principal + atDue.state.interestAccrued,
      overdueDailyInterest: loanDayInterest(terms, principal, terms.termDays + 1, scale),
    };
  } catch (error) {
    if (error instanceof DecimalFormatError || error instanceof LoanTermsError || error instanceof RangeError)
      return null;
    throw error;
  }
}
