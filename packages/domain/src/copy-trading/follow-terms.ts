/**
 * The terms of a follow (copy trading, issue 14), checked the same way by the server and by the follow
 * form before it sends: fixed mode needs a positive amount at the money scale and no more than the
 * available balance; ratio mode a ratio within the published range at the published precision; an
 * optional stop-loss must be a positive amount. Nothing is rounded: a figure finer than its scale is
 * refused.
 */
import { DecimalFormatError, formatDecimal, parseDecimal } from '../decimal';
import { problem, type Problem } from '../problem';

export type FollowTermsProblemCode =
  | 'copy_amount_invalid'
  | 'copy_amount_exceeds_available'
  | 'copy_ratio_invalid'
  | 'copy_stop_loss_invalid';
export type FollowTermsField = 'amount' | 'ratio' | 'stopLoss';

export interface FollowTermsBounds {
  /** The published ratio range and precision (contract copyTrading.COPY_RATIO_*). */
  ratioMin: string;
  ratioMax: string;
  ratioScale: number;
  /** The scale of the follow's currency (USDT: 8). */
  moneyScale: number;
}

export interface FollowTermsInput {
  mode: 'fixed' | 'ratio';
  amount?: string;
  ratio?: string;
  /** Optional; empty means none. */
  stopLoss?: string;
  /** The available balance in units at moneyScale; null when not known yet (the form before it loads). */
  available: bigint | null;
}

export interface FollowTerms {
  followAmount: bigint | null;
  /** The ratio as stored: trimmed of trailing zeros. */
  followRatio: string | null;
  stopLoss: bigint | null;
}

/** A positive decimal at `scale`, or null (empty, malformed, too fine, zero or less). */
function positiveUnits(text: string | undefined, scale: number): bigint | null {
  if (text === undefined) return null;
  try {
    const units = parseDecimal(text, scale);
    return units > 0n ? units : null;
  } catch (error) {
    if (error instanceof DecimalFormatError) return null;
    throw error;
  }
}

/** Every field's problem (in the order amount, ratio, stop-loss), or the terms to store. */
export function checkFollowTerms(
  input: FollowTermsInput,
  bounds: FollowTermsBounds,
): {
  problems: Partial<Record<FollowTermsField, Problem<FollowTermsProblemCode>>>;
  terms: FollowTerms | null;
} {
  const problems: Partial<Record<FollowTermsField, Problem<FollowTermsProblemCode>>> = {};
  let followAmount: bigint | null = null;
  let followRatio: string | null = null;
  if (input.mode === 'fixed') {
    followAmount = positiveUnits(input.amount, bounds.moneyScale);
    if (followAmount === null) problems.amount = problem('copy_amount_invalid');
    else if (input.available !== null && followAmount > input.available) {
      problems.amount = problem('copy_amount_exceeds_available', {
        available: formatDecimal(input.available, bounds.moneyScale, { trimZeros: true }),
      });
    }
  } else {
    const ratio = positiveUnits(input.ratio, bounds.ratioScale);
    const min = parseDecimal(bounds.ratioMin, bounds.ratioScale);
    const max = parseDecimal(bounds.ratioMax, bounds.ratioScale);
    if (ratio === null || ratio < min || ratio > max) {
      problems.ratio = problem('copy_ratio_invalid', { min: bounds.ratioMin, max: bounds.ratioMax });
    } else {
      followRatio = formatDecimal(ratio, bounds.ratioScale, { trimZeros: true });
    }
  }
  const stopLossText = input.stopLoss?.trim() ?? '';
  const stopLoss = stopLossText === '' ? null : positiveUnits(stopLossText, bounds.moneyScale);
  if (stopLossText !== '' && stopLoss === null) problems.stopLoss = problem('copy_stop_loss_invalid');
  if (Object.keys(problems).length > 0) return { problems, terms: null };
  return { problems, terms: { followAmount, followRatio, stopLoss } };
}
