import { bibi } from '@kestrel/contract';
import { compareScaled, divide, formatDecimal, multiply, rescale } from '@kestrel/domain';
import { normaliseInput, pow10, scaleOf, unitsAt, unitsOrZero } from './decimals';

/**
 * The buy and sell forms' arithmetic: validation against the pair's tick size, volume step and minimum
 * (the same rules and order as the server, so an inline error says what the server would refuse), the
 * total and the fee estimate, the 25/50/75/100 % shortcuts, and the body of the order. Exact bigint
 * throughout; what the customer pays rounds up, what they receive rounds down (DESIGN §2).
 */

export type OrderSide = 'buy' | 'sell';
export type OrderKind = 'limit' | 'market';

export interface PairRules {
  productCode: string;
  productType: number;
  priceScale: number;
  volumeScale: number;
  /** Decimal digits of the quote currency (USDT) in the ledger: totals, fees and budgets. */
  quoteScale: number;
  /** Decimal digits of the base coin in the ledger (its available balance). */
  baseScale: number;
  tickSize: string;
  tickUnits: bigint;
  volumeStep: string;
  stepUnits: bigint;
  minimumVolume: string;
  minimumUnits: bigint;
  takerFeeRate: string;
  takerRateUnits: bigint;
  takerRateScale: number;
}

/** USDT's ledger scale when the platform currency list has not answered (it is 8 in the seed). */
export const DEFAULT_LEDGER_SCALE = 8;

export function rulesOf(pair: bibi.BibiPair, quoteScale: number, baseScale: number): PairRules {
  const takerRateScale = scaleOf(pair.takerFeeRate);
  return {
    productCode: pair.productCode,
    productType: pair.productType,
    priceScale: pair.priceScale,
    volumeScale: pair.volumeScale,
    quoteScale,
    baseScale,
    tickSize: pair.tickSize,
    tickUnits: unitsOrZero(pair.tickSize, pair.priceScale),
    volumeStep: pair.volumeStep,
    stepUnits: unitsOrZero(pair.volumeStep, pair.volumeScale),
    minimumVolume: pair.minimumVolume,
    minimumUnits: unitsOrZero(pair.minimumVolume, pair.volumeScale),
    takerFeeRate: pair.takerFeeRate,
    takerRateUnits: unitsOrZero(pair.takerFeeRate, takerRateScale),
    takerRateScale,
  };
}

/** An inline error: a `bibi.*` language key and its parameters. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string>;
}

export interface OrderInput {
  side: OrderSide;
  kind: OrderKind;
  /** Limit price text (USDT per coin). */
  price: string;
  /** Coins: every order except a market buy. */
  volume: string;
  /** USDT: the budget of a market buy. */
  amount: string;
}

/** Available balances as the wire gives them (null while unknown: no balance check then). */
export interface Available {
  quote: string | null;
  base: string | null;
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

type Parsed = { units: bigint; problem: null } | { units: null; problem: FieldProblem };

function problem(key: string, params?: Record<string, string>): Parsed {
  return { units: null, problem: params ? { key, params } : { key } };
}

/** A limit price: required, a plain positive decimal on the pair's tick. */
export function checkPrice(text: string, rules: PairRules): Parsed {
  const value = normaliseInput(text);
  if (value === '') return problem('bibi.price_required');
  if (!PLAIN_DECIMAL.test(value)) return problem('bibi.price_invalid');
  const units = unitsAt(value, rules.priceScale);
  // Finer than the price scale cannot be on the tick.
  if (units === null) return problem('bibi.price_off_tick', { tickSize: rules.tickSize });
  if (units <= 0n) return problem('bibi.price_not_positive');
  if (rules.tickUnits > 0n && units % rules.tickUnits !== 0n) {
    return problem('bibi.price_off_tick', { tickSize: rules.tickSize });
  }
  return { units, problem: null };
}

/** A volume in coins: required, a plain positive decimal on the step, at least the minimum. */
export function checkVolume(text: string, rules: PairRules): Parsed {
  const value = normaliseInput(text);
  if (value === '') return problem('bibi.volume_required');
  if (!PLAIN_DECIMAL.test(value)) return problem('bibi.volume_invalid');
  const units = unitsAt(value, rules.volumeScale);
  if (units === null) return problem('bibi.volume_off_step', { volumeStep: rules.volumeStep });
  if (units <= 0n) return problem('bibi.volume_not_positive');
  if (rules.stepUnits > 0n && units % rules.stepUnits !== 0n) {
    return problem('bibi.volume_off_step', { volumeStep: rules.volumeStep });
  }
  if (units < rules.minimumUnits) return problem('bibi.volume_below_minimum', { minimumVolume: rules.minimumVolume });
  return { units, problem: null };
}

/** A market buy's USDT budget: required, plain, positive, no finer than the ledger holds. */
export function checkAmount(text: string, rules: PairRules): Parsed {
  const value = normaliseInput(text);
  if (value === '') return problem('bibi.amount_required');
  if (!PLAIN_DECIMAL.test(value)) return problem('bibi.amount_invalid');
  const units = unitsAt(value, rules.quoteScale);
  if (units === null) return problem('bibi.amount_too_precise', { decimals: String(rules.quoteScale) });
  if (units <= 0n) return problem('bibi.amount_not_positive');
  return { units, problem: null };
}

/** price x volume at the quote scale, rounded the customer's way. */
export function totalOf(priceUnits: bigint, volumeUnits: bigint, rules: PairRules, side: OrderSide): bigint {
  return multiply(
    priceUnits,
    rules.priceScale,
    volumeUnits,
    rules.volumeScale,
    rules.quoteScale,
    side === 'buy' ? 'up' : 'down',
  );
}

/** The taker fee on a USDT amount (the most an order can pay: a maker pays the lower rate), rounded up. */
export function takerFeeOf(quoteUnits: bigint, rules: PairRules): bigint {
  return multiply(quoteUnits, rules.quoteScale, rules.takerRateUnits, rules.takerRateScale, rules.quoteScale, 'up');
}

export interface OrderCheck {
  price: FieldProblem | null;
  volume: FieldProblem | null;
  amount: FieldProblem | null;
  /** Not enough available for what the order would freeze. */
  balance: FieldProblem | null;
  /** USDT: price x volume (limit), the budget (market buy); null when unknown. */
  total: string | null;
  /** USDT: the most the order's fee can be. */
  fee: string | null;
  /** What the form would send, when every field is valid and the balance suffices. */
  body: OrderBody | null;
}

export type OrderBody = { side: 'buy'; body: BuyBody } | { side: 'sell'; body: SellBody };
export type BuyBody = {
  productCode: string;
  productType: number;
  orderMethod: number;
  productPrice?: string;
  orderVolume?: string;
  orderAmount?: string;
};
export type SellBody = {
  productCode: string;
  productType: number;
  orderMethod: number;
  orderVolume: string;
  productPrice?: string;
};

function plain(units: bigint, scale: number): string {
  return formatDecimal(units, scale, { trimZeros: true });
}

/** Whether `needed` (at neededScale) is more than the available wire text (at availableScale). */
function exceeds(needed: bigint, neededScale: number, available: string | null, availableScale: number): boolean {
  if (available === null) return false;
  const availableUnits = unitsAt(available, Math.max(availableScale, scaleOf(available)));
  if (availableUnits === null) return false;
  return compareScaled(needed, neededScale, availableUnits, Math.max(availableScale, scaleOf(available))) > 0;
}

/** Checks the whole form and, when it is sound, builds the order. */
export function checkOrder(input: OrderInput, rules: PairRules, available: Available): OrderCheck {
  const method = input.kind === 'limit' ? bibi.ORDER_METHOD.limit : bibi.ORDER_METHOD.market;
  const base = { productCode: rules.productCode, productType: rules.productType, orderMethod: method };
  const insufficient = { key: 'bibi.insufficient_balance' };

  if (input.side === 'buy' && input.kind === 'market') {
    const amount = checkAmount(input.amount, rules);
    if (amount.units === null) {
      return { price: null, volume: null, amount: amount.problem, balance: null, total: null, fee: null, body: null };
    }
    const fee = takerFeeOf(amount.units, rules);
    const short = exceeds(amount.units + fee, rules.quoteScale, available.quote, rules.quoteScale);
    return {
      price: null,
      volume: null,
      amount: null,
      balance: short ? insufficient : null,
      total: formatDecimal(amount.units, rules.quoteScale),
      fee: formatDecimal(fee, rules.quoteScale),
      body: short ? null : { side: 'buy', body: { ...base, orderAmount: plain(amount.units, rules.quoteScale) } },
    };
  }

  const volume = checkVolume(input.volume, rules);
  if (input.kind === 'market') {
    // A market sell: the coins are what is frozen; the proceeds depend on the book.
    const short = volume.units !== null && exceeds(volume.units, rules.volumeScale, available.base, rules.baseScale);
    return {
      price: null,
      volume: volume.problem,
      amount: null,
      balance: short ? insufficient : null,
      total: null,
      fee: null,
      body:
        volume.units !== null && !short
          ? { side: 'sell', body: { ...base, orderVolume: plain(volume.units, rules.volumeScale) } }
          : null,
    };
  }

  const price = checkPrice(input.price, rules);
  const totalUnits =
    price.units !== null && volume.units !== null ? totalOf(price.units, volume.units, rules, input.side) : null;
  const feeUnits = totalUnits !== null ? takerFeeOf(totalUnits, rules) : null;
  let short = false;
  if (totalUnits !== null && feeUnits !== null && volume.units !== null) {
    short =
      input.side === 'buy'
        ? exceeds(totalUnits + feeUnits, rules.quoteScale, available.quote, rules.quoteScale)
        : exceeds(volume.units, rules.volumeScale, available.base, rules.baseScale);
  }
  const sound = price.units !== null && volume.units !== null && !short;
  const fields =
    price.units !== null && volume.units !== null
      ? {
          ...base,
          productPrice: plain(price.units, rules.priceScale),
          orderVolume: plain(volume.units, rules.volumeScale),
        }
      : null;
  return {
    price: price.problem,
    volume: volume.problem,
    amount: null,
    balance: short ? insufficient : null,
    total: totalUnits !== null ? formatDecimal(totalUnits, rules.quoteScale) : null,
    fee: feeUnits !== null ? formatDecimal(feeUnits, rules.quoteScale) : null,
    body: sound && fields ? ({ side: input.side, body: fields } as OrderBody) : null,
  };
}

/** The shortcut percentages under the amount field. */
export const SHORTCUT_PERCENTS = [25, 50, 75, 100] as const;

/** Decimals of a market-buy budget a shortcut fills in. */
const BUDGET_SHORTCUT_DECIMALS = 2;

/** How often a shortcut steps down to make rounding fit (each step is one volume step or one USDT unit). */
const FIT_ATTEMPTS_MAX = 4;

function shareOf(available: string | null, scale: number, percent: number): bigint | null {
  if (available === null) return null;
  const units = unitsAt(available, Math.max(scale, scaleOf(available)));
  if (units === null || units <= 0n) return null;
  const atScale = rescale(units, Math.max(scale, scaleOf(available)), scale, 'down');
  return (atScale * BigInt(Math.round(percent))) / 100n;
}

function downToStep(units: bigint, step: bigint): bigint {
  return step > 0n ? units - (units % step) : units;
}

/**
 * A shortcut: `percent` of what is available, as the value of the form's quantity field.
 * - sell: that share of the coin, down to the volume step;
 * - market buy: the USDT budget whose budget + taker fee fits in that share;
 * - limit buy at `price`: the most whole volume steps whose total + taker fee fits in that share.
 * Answers null when there is nothing to take a share of (no balance yet, or no price for a limit buy).
 */
export function shortcutValue(
  percent: number,
  side: OrderSide,
  kind: OrderKind,
  rules: PairRules,
  available: Available,
  price: string,
): { field: 'volume' | 'amount'; value: string } | null {
  if (side === 'sell') {
    const share = shareOf(available.base, rules.baseScale, percent);
    if (share === null) return null;
    const volume = downToStep(rescale(share, rules.baseScale, rules.volumeScale, 'down'), rules.stepUnits);
    return { field: 'volume', value: plain(volume, rules.volumeScale) };
  }
  const budget = shareOf(available.quote, rules.quoteScale, percent);
  if (budget === null) return null;
  const onePlusRate = pow10(rules.takerRateScale) + rules.takerRateUnits;
  if (kind === 'market') {
    // Whole cents: what a person would type, and rounding down keeps budget + fee inside the share.
    const shownScale = Math.min(rules.quoteScale, BUDGET_SHORTCUT_DECIMALS);
    const cent = pow10(rules.quoteScale - shownScale);
    let amount = divide(budget, rules.quoteScale, onePlusRate, rules.takerRateScale, rules.quoteScale, 'down');
    amount -= amount % cent;
    for (
      let attempt = 0;
      attempt < FIT_ATTEMPTS_MAX && amount > 0n && amount + takerFeeOf(amount, rules) > budget;
      attempt++
    ) {
      amount -= cent;
    }
    return { field: 'amount', value: plain(amount, rules.quoteScale) };
  }
  const priceCheck = checkPrice(price, rules);
  if (priceCheck.units === null) return null;
  // Cost of one coin with its fee, exact at priceScale + rate scale.
  const perCoin = priceCheck.units * onePlusRate;
  let volume = downToStep(
    divide(budget, rules.quoteScale, perCoin, rules.priceScale + rules.takerRateScale, rules.volumeScale, 'down'),
    rules.stepUnits,
  );
  const cost = (units: bigint) => {
    const total = totalOf(priceCheck.units, units, rules, 'buy');
    return total + takerFeeOf(total, rules);
  };
  for (let attempt = 0; attempt < FIT_ATTEMPTS_MAX && volume > 0n && cost(volume) > budget; attempt++) {
    volume -= rules.stepUnits > 0n ? rules.stepUnits : 1n;
  }
  return { field: 'volume', value: plain(volume > 0n ? volume : 0n, rules.volumeScale) };
}

/** A price moved by whole ticks (the stepper buttons), never below one tick. */
export function stepPrice(text: string, ticks: number, rules: PairRules, fallback: string | null): string {
  const current = checkPrice(text, rules).units ?? unitsAt(fallback, rules.priceScale);
  if (current === null || rules.tickUnits <= 0n) return text;
  const onTick = current - (current % rules.tickUnits);
  const moved = onTick + BigInt(ticks) * rules.tickUnits;
  return formatDecimal(moved >= rules.tickUnits ? moved : rules.tickUnits, rules.priceScale);
}

/** An estimate for a market order: coins a budget buys at the best ask, or USDT a volume fetches at the best bid. */
export function marketEstimate(
  side: OrderSide,
  input: OrderInput,
  rules: PairRules,
  bestAsk: bigint | null,
  bestBid: bigint | null,
): string | null {
  if (side === 'buy') {
    const amount = checkAmount(input.amount, rules);
    if (amount.units === null || bestAsk === null || bestAsk <= 0n) return null;
    const volume = downToStep(
      divide(amount.units, rules.quoteScale, bestAsk, rules.priceScale, rules.volumeScale, 'down'),
      rules.stepUnits,
    );
    return formatDecimal(volume, rules.volumeScale);
  }
  const volume = checkVolume(input.volume, rules);
  if (volume.units === null || bestBid === null) return null;
  return formatDecimal(totalOf(bestBid, volume.units, rules, 'sell'), rules.quoteScale);
}
