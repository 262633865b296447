import { checkAmountLimits, parseCustomerAmount as parseAmount, parseDecimal } from '@kestrel/domain';
import { refuseProblem } from './errors';

/**
 * A customer's amount at the currency's scale, refused with the key that says what is wrong
 * (the domain's parseCustomerAmount decides: not a plain decimal, zero or negative, too many decimals).
 */
export function parseCustomerAmount(text: string, scale: number): bigint {
  const amount = parseAmount(text, scale);
  if (amount.problem) refuseProblem(amount.problem);
  return amount.units;
}

/** A configured decimal (channel limits, fees) at a currency's scale. A bad value is the operator's bug: it throws. */
export function parseConfiguredAmount(text: string, scale: number, what: string): bigint {
  try {
    return parseDecimal(text, scale);
  } catch (error) {
    throw new Error(`configured ${what} ${JSON.stringify(text)} is not a decimal at scale ${scale}`, { cause: error });
  }
}

/** Refuses an amount outside [minimum, maximum], naming the bound in the currency's format. */
export function checkWithinLimits(amount: bigint, minimum: bigint, maximum: bigint, scale: number): void {
  const outside = checkAmountLimits(amount, scale, { minimum, maximum });
  if (outside) refuseProblem(outside);
}
