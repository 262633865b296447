/**
 * The follow form's rules, pure: every field's problem at once (in the server's own words, the
 * `error.copy_*` keys, so a refusal reads the same before and after sending), the body the server
 * reads, and which field a server refusal belongs under.
 */
import { copyTrading, type BodyOf } from '@kestrel/contract/web';
import { compareScaled, DecimalFormatError, parseDecimal } from '@kestrel/domain';

export type FollowMode = 'fixed' | 'ratio';
export type FollowField = 'amount' | 'ratio' | 'maxOpen' | 'stopLoss' | 'form';

/** A problem as the form shows it: a language key and its params. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}
export type FollowProblems = Partial<Record<Exclude<FollowField, 'form'>, FieldProblem>>;

export interface FollowFormValues {
  mode: FollowMode;
  /** Fixed mode: the margin of each copy, USDT. */
  amount: string;
  /** Ratio mode: the share of the trader's margin. */
  ratio: string;
  maxOpen: string;
  /** Optional: end the follow when it has lost this much, USDT. */
  stopLoss: string;
}

export interface FollowContext {
  /** The decimals USDT is kept at: an amount finer than that is refused, never rounded. */
  moneyScale: number;
  /** The live account's available USDT, null until known (then the server decides). */
  available: string | null;
  /** The same, as the customer reads it, for the refusal's words. */
  availableText: string;
}

/** What the form starts with: fixed amounts, five copies at most. */
export const DEFAULT_MAX_OPEN = 5;
/** The decimals a ratio may carry (its range is 0.01 to 10). */
export const RATIO_SCALE = 8;

export type FollowBody = Omit<BodyOf<typeof copyTrading.follow>, 'traderId'>;

/** A positive decimal at `scale`, or null for anything else (empty, malformed, too fine, zero or less). */
function positiveUnits(text: string, scale: number): bigint | null {
  try {
    const units = parseDecimal(text, scale);
    return units > 0n ? units : null;
  } catch (error) {
    if (error instanceof DecimalFormatError) return null;
    throw error;
  }
}

const ratioBound = (text: string) => parseDecimal(text, RATIO_SCALE);

function amountProblem(values: FollowFormValues, context: FollowContext): FieldProblem | undefined {
  const units = positiveUnits(values.amount, context.moneyScale);
  if (units === null) return { key: 'error.copy_amount_invalid' };
  if (context.available === null) return undefined;
  // The balance may be written finer than the money scale; compare at the finer of the two.
  const availableScale = Math.max(context.moneyScale, decimalsOf(context.available));
  let available: bigint;
  try {
    available = parseDecimal(context.available, availableScale);
  } catch {
    return undefined;
  }
  return compareScaled(units, context.moneyScale, available, availableScale) > 0
    ? { key: 'error.copy_amount_exceeds_available', params: { available: context.availableText } }
    : undefined;
}

function ratioProblem(values: FollowFormValues): FieldProblem | undefined {
  const units = positiveUnits(values.ratio, RATIO_SCALE);
  const inRange =
    units !== null &&
    units >= ratioBound(copyTrading.COPY_RATIO_MIN) &&
    units <= ratioBound(copyTrading.COPY_RATIO_MAX);
  return inRange
    ? undefined
    : { key: 'error.copy_ratio_invalid', params: { min: copyTrading.COPY_RATIO_MIN, max: copyTrading.COPY_RATIO_MAX } };
}

/** The whole number of open copies, or null when it is not one from 1 to the published maximum. */
export function maxOpenOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= copyTrading.COPY_MAX_OPEN_ORDERS_MAX ? value : null;
}

const decimalsOf = (text: string): number => (text.trim().split('.')[1] ?? '').length;

/**
 * Every field's problem (the field of the mode not chosen is not checked) and, when there is none, the
 * body to send: amounts as typed (trimmed), the stop-loss only when given.
 */
export function checkFollowForm(
  values: FollowFormValues,
  context: FollowContext,
): { problems: FollowProblems; body: FollowBody | null } {
  const problems: FollowProblems = {};
  if (values.mode === 'fixed') {
    const problem = amountProblem(values, context);
    if (problem) problems.amount = problem;
  } else {
    const problem = ratioProblem(values);
    if (problem) problems.ratio = problem;
  }
  const maxOpen = maxOpenOf(values.maxOpen);
  if (maxOpen === null) {
    problems.maxOpen = { key: 'copy.max_open_invalid', params: { max: copyTrading.COPY_MAX_OPEN_ORDERS_MAX } };
  }
  const stopLoss = values.stopLoss.trim();
  if (stopLoss !== '' && positiveUnits(stopLoss, context.moneyScale) === null) {
    problems.stopLoss = { key: 'error.copy_stop_loss_invalid' };
  }
  if (Object.keys(problems).length > 0 || maxOpen === null) return { problems, body: null };
  const body: FollowBody =
    values.mode === 'fixed'
      ? {
          followMode: copyTrading.COPY_FOLLOW_MODE.fixedAmount,
          followAmount: values.amount.trim(),
          maxOpenOrders: maxOpen,
        }
      : { followMode: copyTrading.COPY_FOLLOW_MODE.ratio, followRatio: values.ratio.trim(), maxOpenOrders: maxOpen };
  if (stopLoss !== '') body.stopLossAmount = stopLoss;
  return { problems, body };
}

/**
 * The field a server refusal is about, so it shows under that field (the request layer has toasted it
 * as well): the amount's, the ratio's, the open copies' and the stop-loss's keys; anything about the
 * follow as a whole (the trader, the account, limits) shows above the button.
 */
export function refusalFieldOf(key: string, mode: FollowMode): FollowField {
  if (key === 'error.copy_ratio_invalid') return 'ratio';
  if (key === 'error.copy_margin_too_small') return mode === 'ratio' ? 'ratio' : 'amount';
  if (key === 'error.copy_stop_loss_invalid') return 'stopLoss';
  if (key === 'error.copy_max_open_orders') return 'maxOpen';
  if (/amount|balance/.test(key)) return mode === 'fixed' ? 'amount' : 'form';
  return 'form';
}
