import { multiply } from '@kestrel/domain';
import type { ScaledDecimal } from './config-decimal';

export interface ExchangeQuote {
  /** amount x rate, rounded DOWN to the target scale: what the customer receives before the fee. */
  converted: bigint;
  /** converted x fee rate, rounded UP: what the customer pays. */
  fee: bigint;
  /** converted - fee: what is credited. */
  received: bigint;
}

/**
 * The exchange arithmetic (DESIGN.md §2 house rounding: received rounds down, paid rounds up). Each
 * product is rounded once, from the exact value, so the result does not depend on intermediate scales.
 */
export function quoteExchange(input: {
  amount: bigint;
  fromScale: number;
  toScale: number;
  rate: ScaledDecimal;
  feeRate: ScaledDecimal;
}): ExchangeQuote {
  const converted = multiply(input.amount, input.fromScale, input.rate.units, input.rate.scale, input.toScale, 'down');
  const fee = multiply(converted, input.toScale, input.feeRate.units, input.feeRate.scale, input.toScale, 'up');
  return { converted, fee, received: converted - fee };
}

const DAY_MS = 24 * 3600 * 1000;

/** The daily count resets at 00:00 UTC: one boundary for every customer, shown in the docs. */
export function startOfUtcDay(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}
