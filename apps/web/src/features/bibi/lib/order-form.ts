import { bibi } from '@kestrel/contract/web';
import {
  checkOrderPrice,
  checkOrderVolume,
  checkOrderWorth,
  checkQuoteAmount,
  compareScaled,
  divide,
  feeOn,
  formatDecimal,
  orderFeeBound,
  orderTotal,
  rescale,
  type OrderFieldCheck,
  type OrderInputPair,
  type OrderInputProblem,
  type OrderInputProblemCode,
} from '@kestrel/domain';
import { normaliseInput, pow10, scaleOf, unitsAt, unitsOrZero } from './decimals';

/**
 * The buy and sell forms: each field checked by the domain's order input rules (the server's, in its
 * order, so an inline error says what the server would refuse), the total and the most the fee can be
 * (the domain's orderTotal and orderFeeBound), the 25/50/75/100 % shortcuts, and the body of the order.
 * Exact bigint throughout; what the customer pays rounds up, what they receive rounds down (DESIGN §2).
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
  makerRateUnits: bigint;
  makerRateScale: number;
}

/** USDT's ledger scale when the platform currency list has not answered (it is 8 in the seed). */
export const DEFAULT_LEDGER_SCALE = 8;

export function rulesOf(pair: bibi.BibiPair, quoteScale: number, baseScale: number): PairRules {
  const takerRateScale = scaleOf(pair.takerFeeRate);
  const makerRateScale = scaleOf(pair.makerFeeRate);
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
    makerRateUnits: unitsOrZero(pair.makerFeeRate, makerRateScale),
    makerRateScale,
  };
}

/** The pair as the domain's order input rules read it (a tick or step not yet known is zero: not checked). */
function inputPairOf(rules: PairRules): OrderInputPair {
  return {
    priceScale: rules.priceScale,
    volumeScale: rules.volumeScale,
    quoteScale: rules.quoteScale,
    tick: rules.tickUnits,
    step: rules.stepUnits,
    minimum: rules.minimumUnits,
    tickSize: rules.tickSize,
    volumeStep: rules.volumeStep,
    minimumVolume: rules.minimumVolume,
  };
}

/** An inline error: a language key (`bibi.*`, or the server's `error.*` where the form has no words of its own) and its parameters. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** The form's words for each of the domain's order input problems. */
const FIELD_KEYS: Record<OrderInputProblemCode, string> = {
  bibi_price_required: 'bibi.price_required',
  bibi_price_invalid: 'bibi.price_invalid',
  bibi_price_not_positive: 'bibi.price_not_positive',
  bibi_price_off_tick: 'bibi.price_off_tick',
  bibi_volume_required: 'bibi.volume_required',
  bibi_volume_invalid: 'bibi.volume_invalid',
  bibi_volume_not_positive: 'bibi.volume_not_positive',
  bibi_volume_off_step: 'bibi.volume_off_step',
  bibi_volume_below_minimum: 'bibi.volume_below_minimum',
  bibi_amount_required: 'bibi.amount_required',
  bibi_amount_invalid: 'bibi.amount_invalid',
  bibi_amount_not_positive: 'bibi.amount_not_positive',
  amount_precision: 'bibi.amount_too_precise',
  bibi_order_too_large: 'error.bibi_order_too_large',
  bibi_post_only_requires_gtc: 'error.bibi_post_only_requires_gtc',
};

function fieldProblemOf(found: OrderInputProblem): FieldProblem {
  const key = FIELD_KEYS[found.code];
  return Object.keys(found.params).length > 0 ? { key, params: found.params } : { key };
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

/**
 * What the form accepts as a number: digits with one optional point, no sign (a comma typed as the
 * point and spaces are normalised away first). Anything else is the field's "invalid" before the
 * shared rules see it, so "-1" reads as not a number rather than as a negative price.
 */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

type Parsed = { units: bigint; problem: null } | { units: null; problem: FieldProblem };

const INVALID = {
  price: 'bibi_price_invalid',
  volume: 'bibi_volume_invalid',
  amount: 'bibi_amount_invalid',
} as const satisfies Record<string, OrderInputProblemCode>;

/** Normalises what was typed, refuses what is not a plain number, and lets the domain's rule decide the rest. */
function checkTyped(text: string, field: keyof typeof INVALID, rule: (value: string) => OrderFieldCheck): Parsed {
  const value = normaliseInput(text);
  if (value !== '' && !PLAIN_DECIMAL.test(value)) {
    return { units: null, problem: fieldProblemOf({ code: INVALID[field], params: {} }) };
  }
  const checked = rule(value);
  return checked.problem ? { units: null, problem: fieldProblemOf(checked.problem) } : checked;
}

/** A limit price: required, a plain positive decimal on the pair's tick. */
export function checkPrice(text: string, rules: PairRules): Parsed {
  return checkTyped(text, 'price', (value) => checkOrderPrice(inputPairOf(rules), value));
}

/** A volume in coins: required, a plain positive decimal on the step, at least the minimum. */
export function checkVolume(text: string, rules: PairRules): Parsed {
  return checkTyped(text, 'volume', (value) => checkOrderVolume(inputPairOf(rules), value));
}

/** A market buy's USDT budget: required, plain, positive, no finer than the ledger holds. */
export function checkAmount(text: string, rules: PairRules): Parsed {
  return checkTyped(text, 'amount', (value) => checkQuoteAmount(inputPairOf(rules), value));
}

/** price x volume at the quote scale, rounded the customer's way. */
export function totalOf(priceUnits: bigint, volumeUnits: bigint, rules: PairRules, side: OrderSide): bigint {
  return orderTotal(rules, priceUnits, volumeUnits, side);
}

/** The taker fee on a USDT amount, rounded up: what a market order pays, and what the shortcuts leave room for. */
export function takerFeeOf(quoteUnits: bigint, rules: PairRules): bigint {
  return feeOn(quoteUnits, rules.quoteScale, { units: rules.takerRateUnits, scale: rules.takerRateScale });
}

/** The most fee an order of this kind can pay on a USDT amount (the domain's bound, the server's reserve), rounded up. */
function feeBoundOf(quoteUnits: bigint, rules: PairRules, kind: OrderKind): bigint {
  return orderFeeBound(quoteUnits, rules.quoteScale, kind, {
    maker: { units: rules.makerRateUnits, scale: rules.makerRateScale },
    taker: { units: rules.takerRateUnits, scale: rules.takerRateScale },
  });
}

/** An order worth more than the server accepts, as the form shows it; null when it is within. */
function worthProblem(quoteUnits: bigint, rules: PairRules): FieldProblem | null {
  const found = checkOrderWorth(inputPairOf(rules), quoteUnits);
  return found ? fieldProblemOf(found) : null;
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
    const tooLarge = worthProblem(amount.units, rules);
    const fee = feeBoundOf(amount.units, rules, 'market');
    const short = exceeds(amount.units + fee, rules.quoteScale, available.quote, rules.quoteScale);
    return {
      price: null,
      volume: null,
      amount: tooLarge,
      balance: short ? insufficient : null,
      total: formatDecimal(amount.units, rules.quoteScale),
      fee: formatDecimal(fee, rules.quoteScale),
      body:
        short || tooLarge
          ? null
          : { side: 'buy', body: { ...base, orderAmount: plain(amount.units, rules.quoteScale) } },
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
  const feeUnits = totalUnits !== null ? feeBoundOf(totalUnits, rules, 'limit') : null;
  // The order's worth is checked once both fields are sound, and shown under the volume (the server's order).
  const tooLarge = totalUnits !== null ? worthProblem(totalUnits, rules) : null;
  let short = false;
  if (totalUnits !== null && feeUnits !== null && volume.units !== null) {
    short =
      input.side === 'buy'
        ? exceeds(totalUnits + feeUnits, rules.quoteScale, available.quote, rules.quoteScale)
        : exceeds(volume.units, rules.volumeScale, available.base, rules.baseScale);
  }
  const sound = price.units !== null && volume.units !== null && tooLarge === null && !short;
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
    volume: volume.problem ?? tooLarge,
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

/**
 * The most an order's fee can be, as the customer reads it: rounded UP to the digits shown ("1.03953740"
 * shows "1.04" at two), so the screen never promises less than the order may pay.
 */
export function feeBoundText(fee: string, quoteScale: number, shownDecimals: number): string {
  const units = unitsOrZero(fee, quoteScale);
  const shown = Math.min(shownDecimals, quoteScale);
  return formatDecimal(rescale(units, quoteScale, shown, 'up'), shown);
}
