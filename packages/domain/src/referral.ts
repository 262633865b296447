import { multiply, parseDecimal } from './decimal';
import { HOUSE_ROUNDING } from './rounding';

/**
 * Referral commissions (issue 14), pure: the share of one fee that each level of inviters receives.
 * A commission is the fee times the level's published rate, rounded down (the customer receives), so
 * commissions never exceed the fee they come from as long as the rates sum to at most 1.
 */

/** Rates are read at this many decimals ("0.20" = 20 %). */
const RATE_SCALE = 8;

/** The rates, parsed and checked: each in [0, 1], and together at most 1 (otherwise the platform would pay out more than it earned). */
export function parseCommissionRates(rates: readonly string[]): bigint[] {
  const parsed = rates.map((rate) => parseDecimal(rate, RATE_SCALE));
  const one = 10n ** BigInt(RATE_SCALE);
  if (parsed.some((rate) => rate < 0n || rate > one)) throw new RangeError('a commission rate is outside 0..1');
  if (parsed.reduce((sum, rate) => sum + rate, 0n) > one) throw new RangeError('commission rates sum to more than 1');
  return parsed;
}

/**
 * The commission of each level for a fee of `fee` units (any currency scale: units in, units out),
 * level 1 first. A fee of zero or less pays nothing.
 */
export function referralCommissions(fee: bigint, rates: readonly string[]): bigint[] {
  const parsed = parseCommissionRates(rates);
  if (fee <= 0n) return parsed.map(() => 0n);
  return parsed.map((rate) => multiply(fee, 0, rate, RATE_SCALE, 0, HOUSE_ROUNDING.customerReceives));
}
