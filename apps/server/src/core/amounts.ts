import { checkAmountLimits, formatDecimal, parseCustomerAmount as parseAmount, parseDecimal } from '@kestrel/domain';
import { refuse, refuseProblem } from './errors';
import { BIGINT_MAX } from './columns';

/**
 * A customer's amount at the currency's scale, refused with the key that says what is wrong
 * (the domain's parseCustomerAmount decides: not a plain decimal, zero or negative, too many decimals),
 * and refused as too large past what a BIGINT column holds (`refuseBeyondColumn`).
 */
export function parseCustomerAmount(text: string, scale: number): bigint {
  const amount = parseAmount(text, scale);
  if (amount.problem) refuseProblem(amount.problem);
  refuseBeyondColumn(amount.units, scale);
  return amount.units;
}

/**
 * Refuses units no BIGINT column can store, naming the largest amount that fits. Without it an
 * operator's 99999999999 USDT answered HTTP 500 on PostgreSQL and was stored as 92233720368.54775807
 * on SQLite (issue 18); flows with their own limits (channels, adjustments) refuse far below this.
 */
export function refuseBeyondColumn(units: bigint, scale: number): void {
  if (units > BIGINT_MAX)
    refuse('error.amount_above_maximum', { max: formatDecimal(BIGINT_MAX, scale, { trimZeros: true }) });
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
