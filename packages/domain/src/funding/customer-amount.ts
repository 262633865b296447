/**
 * An amount a customer types for a deposit, a withdrawal or a stake: a plain positive decimal at the
 * currency's scale. More decimals than the currency has is refused, never rounded: the customer must
 * see the amount that will be booked.
 */
import { DecimalFormatError, parsePositiveAmount } from '../decimal';
import { problem, type Problem } from '../problem';

export type CustomerAmountProblemCode = 'amount_invalid' | 'amount_not_positive' | 'amount_precision';

export type CustomerAmount =
  { units: bigint; problem: null } | { units: null; problem: Problem<CustomerAmountProblemCode> };

/**
 * The amount's units at `scale`, or the problem that says what is wrong: not a plain decimal
 * (`amount_invalid`), zero or negative (`amount_not_positive`), or finer than the currency
 * (`amount_precision`, with `decimals`). "-0.000000001" is both negative and too fine: the sign is
 * the more basic mistake, so it wins.
 */
export function parseCustomerAmount(text: string, scale: number): CustomerAmount {
  try {
    return { units: parsePositiveAmount(text, scale), problem: null };
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'sign') return { units: null, problem: problem('amount_not_positive') };
    if (error.reason === 'precision') {
      if (text.trim().startsWith('-')) return { units: null, problem: problem('amount_not_positive') };
      return { units: null, problem: problem('amount_precision', { decimals: scale }) };
    }
    return { units: null, problem: problem('amount_invalid') };
  }
}
