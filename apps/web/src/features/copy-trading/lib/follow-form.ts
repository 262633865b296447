/**
 * The follow form's rules, pure: every field's problem at once (in the server's own words, the
 * `error.copy_*` keys, so a refusal reads the same before and after sending), the body the server
 * reads, and which field a server refusal belongs under.
 */
import { copyTrading, type BodyOf } from '@kestrel/contract/web';
import {
  checkFollowTerms,
  DecimalFormatError,
  parseDecimal,
  type FollowTermsProblemCode,
  type Problem,
} from '@kestrel/domain';

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
/** The decimals a ratio may carry, as the server reads it (its range is 0.01 to 10). */
export const RATIO_SCALE = copyTrading.COPY_RATIO_SCALE;

export type FollowBody = Omit<BodyOf<typeof copyTrading.follow>, 'traderId'>;

/** The balance as units at the money scale, or null when unknown or unreadable (then the server decides). */
function availableUnits(context: FollowContext): bigint | null {
  if (context.available === null) return null;
  try {
    return parseDecimal(context.available, context.moneyScale);
  } catch (error) {
    if (error instanceof DecimalFormatError) return null;
    throw error;
  }
}

/** The whole number of open copies, or null when it is not one from 1 to the published maximum. */
export function maxOpenOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= copyTrading.COPY_MAX_OPEN_ORDERS_MAX ? value : null;
}

/**
 * Every field's problem (the field of the mode not chosen is not checked) and, when there is none, the
 * body to send: amounts as typed (trimmed), the stop-loss only when given.
 */
export function checkFollowForm(
  values: FollowFormValues,
  context: FollowContext,
): { problems: FollowProblems; body: FollowBody | null } {
  // The server's own rule (packages/domain), so a refusal reads the same before and after sending.
  const checked = checkFollowTerms(
    {
      mode: values.mode,
      amount: values.amount.trim(),
      ratio: values.ratio.trim(),
      stopLoss: values.stopLoss,
      available: availableUnits(context),
    },
    {
      ratioMin: copyTrading.COPY_RATIO_MIN,
      ratioMax: copyTrading.COPY_RATIO_MAX,
      ratioScale: RATIO_SCALE,
      moneyScale: context.moneyScale,
    },
  );
  const problems: FollowProblems = {};
  for (const [field, found] of Object.entries(checked.problems) as [
    keyof typeof checked.problems,
    Problem<FollowTermsProblemCode>,
  ][]) {
    // The balance as the customer reads it on the form, rather than the rule's plain figure.
    const params = found.code === 'copy_amount_exceeds_available' ? { available: context.availableText } : found.params;
    problems[field] = { key: `error.${found.code}`, ...(Object.keys(params).length > 0 ? { params } : {}) };
  }
  const maxOpen = maxOpenOf(values.maxOpen);
  if (maxOpen === null) {
    problems.maxOpen = { key: 'copy.max_open_invalid', params: { max: copyTrading.COPY_MAX_OPEN_ORDERS_MAX } };
  }
  const stopLoss = values.stopLoss.trim();
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
