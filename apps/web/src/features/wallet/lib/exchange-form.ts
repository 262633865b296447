/**
 * The exchange amount field: what the customer typed, checked by the domain's exchange rules (the
 * server's keys, in its order: format, minimum, maximum, nothing left after the fee, then the available
 * balance), with the quote computed exactly as the server books it.
 */
import { checkExchange, parseExchangeAmount, type ExchangePairTerms, type ExchangeQuote } from '@kestrel/domain';
import { amountProblemOf, configuredUnits, parseConfigured, type AmountProblem } from './money';

/** A published pair as the exchange screen lists it. */
export interface ExchangePairTexts {
  rate: string;
  feeRate: string;
  minAmount: string;
  maxAmount: string;
}

export type ExchangeAmountCheck =
  | { state: 'empty' }
  | { state: 'invalid'; problem: AmountProblem; quote: ExchangeQuote | null }
  | { state: 'valid'; units: bigint; quote: ExchangeQuote | null };

const NONE = { units: 0n, scale: 0 };

/**
 * The pair's terms, or null when its rate or fee rate cannot be read or cannot be used (no rate, a
 * negative fee rate): then nothing is quoted rather than a guess, and the form cannot be sent. An
 * unreadable bound is none (the server would refuse the pair altogether).
 */
function termsOf(pair: ExchangePairTexts, fromScale: number, toScale: number): ExchangePairTerms | null {
  const rate = parseConfigured(pair.rate);
  const feeRate = parseConfigured(pair.feeRate);
  if (!rate || !feeRate || rate.units <= 0n || feeRate.units < 0n) return null;
  return {
    fromScale,
    toScale,
    rate,
    feeRate,
    minimum: parseConfigured(pair.minAmount) ?? NONE,
    maximum: parseConfigured(pair.maxAmount) ?? NONE,
  };
}

/** The first problem with the amount and, once it is within the pair's limits, the quote. */
export function checkExchangeAmount(
  text: string,
  scales: { fromScale: number; toScale: number },
  pair: ExchangePairTexts,
  available: string | null | undefined,
): ExchangeAmountCheck {
  if (text.trim() === '') return { state: 'empty' };
  const amount = parseExchangeAmount(text, scales.fromScale);
  if (amount.problem) return { state: 'invalid', problem: amountProblemOf(amount.problem), quote: null };
  const terms = termsOf(pair, scales.fromScale, scales.toScale);
  if (!terms) return { state: 'valid', units: amount.units, quote: null };
  const availableUnits = configuredUnits(available, scales.fromScale);
  const check = checkExchange(amount.units, terms, availableUnits ?? undefined);
  if (check.problem === null) return { state: 'valid', units: amount.units, quote: check.quote };
  return { state: 'invalid', problem: amountProblemOf(check.problem), quote: check.quote };
}
