import { DecimalFormatError, formatDecimal, parseDecimal, parsePositiveAmount } from '@kestrel/domain';
import { refuse } from '../../http/errors';

/**
 * A customer's amount at the currency's scale, refused with the key that says what is wrong:
 * not a plain decimal, zero or negative, or more decimals than the currency has (never rounded).
 */
export function parseCustomerAmount(text: string, scale: number): bigint {
  try {
    return parsePositiveAmount(text, scale);
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'sign') refuse('error.amount_not_positive');
    if (error.reason === 'precision') {
      // "-0.000000001" is both: the sign is the more basic mistake.
      if (text.trim().startsWith('-')) refuse('error.amount_not_positive');
      refuse('error.amount_precision', { decimals: scale });
    }
    refuse('error.amount_invalid');
  }
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
  if (amount < minimum)
    refuse('error.amount_below_minimum', { min: formatDecimal(minimum, scale, { trimZeros: true }) });
  if (amount > maximum)
    refuse('error.amount_above_maximum', { max: formatDecimal(maximum, scale, { trimZeros: true }) });
}
