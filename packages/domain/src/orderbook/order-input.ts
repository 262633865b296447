/**
 * A coin-to-coin order as the customer writes it (price, volume, or a USDT amount), checked against the
 * pair before the book sees it, in the order the server refuses: the price (present, a decimal, on the
 * tick, positive), the volume (present, a decimal, on the step, positive, not absurd, at least the
 * minimum) or the amount (present, a decimal, no finer than USDT, positive), the order's worth, then
 * post-only with GTC. Also the order's total and the most fee it can pay. Every refusal is a problem
 * code: the server refuses with `error.<code>`, the order form shows its own words for the same code.
 *
 * Units: prices at priceScale, volumes at volumeScale, USDT at quoteScale.
 */
import { DecimalFormatError, multiply, parseDecimal, pow10, rescale } from '../decimal';
import { problem, type Problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';
import { feeOn, type ScaledValue } from '../trading/contract-math';
import type { OrderSide, TimeInForce } from './types';

/** The most USDT one order may be worth: keeps every amount far inside a 64-bit integer column. */
export const ORDER_NOTIONAL_MAX = 10_000_000_000n;
/** The most coins one order may name, for the same reason. */
export const ORDER_VOLUME_MAX = 10_000_000_000n;

/** What an order is checked against: the pair's scales and steps, and the steps as the customer reads them. */
export interface OrderInputPair {
  priceScale: number;
  volumeScale: number;
  /** The quote currency's (USDT's) ledger scale. */
  quoteScale: number;
  /** Price units; a pair without a known tick (zero) checks no tick. */
  tick: bigint;
  /** Volume units; a pair without a known step (zero) checks no step. */
  step: bigint;
  /** Volume units. */
  minimum: bigint;
  tickSize: string;
  volumeStep: string;
  minimumVolume: string;
}

export type OrderInputProblemCode =
  | 'bibi_price_required'
  | 'bibi_price_invalid'
  | 'bibi_price_not_positive'
  | 'bibi_price_off_tick'
  | 'bibi_volume_required'
  | 'bibi_volume_invalid'
  | 'bibi_volume_not_positive'
  | 'bibi_volume_off_step'
  | 'bibi_volume_below_minimum'
  | 'bibi_amount_required'
  | 'bibi_amount_invalid'
  | 'bibi_amount_not_positive'
  | 'amount_precision'
  | 'bibi_order_too_large'
  | 'bibi_post_only_requires_gtc';

export type OrderInputProblem = Problem<OrderInputProblemCode>;

/** One field's value in units, or its problem. */
export type OrderFieldCheck = { units: bigint; problem: null } | { units: null; problem: OrderInputProblem };

type Field = 'price' | 'volume' | 'amount';

const FIELD_CODES = {
  price: { required: 'bibi_price_required', invalid: 'bibi_price_invalid', notPositive: 'bibi_price_not_positive' },
  volume: { required: 'bibi_volume_required', invalid: 'bibi_volume_invalid', notPositive: 'bibi_volume_not_positive' },
  amount: { required: 'bibi_amount_required', invalid: 'bibi_amount_invalid', notPositive: 'bibi_amount_not_positive' },
} as const satisfies Record<Field, Record<string, OrderInputProblemCode>>;

function refusedField(found: OrderInputProblem): OrderFieldCheck {
  return { units: null, problem: found };
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/**
 * Parses a field at `scale`. Too many decimals is the field's own precision problem (off the tick, off
 * the step, finer than USDT), decided before the sign: "-0.001" at scale 2 is off the tick.
 */
function parseField(
  field: Field,
  text: string | undefined,
  scale: number,
  tooFine: OrderInputProblem,
): OrderFieldCheck {
  if (text === undefined || isBlank(text)) return refusedField(problem(FIELD_CODES[field].required));
  let units: bigint;
  try {
    units = parseDecimal(text, scale);
  } catch (error) {
    if (error instanceof DecimalFormatError && error.reason === 'precision') return refusedField(tooFine);
    return refusedField(problem(FIELD_CODES[field].invalid));
  }
  if (units <= 0n) return refusedField(problem(FIELD_CODES[field].notPositive));
  return { units, problem: null };
}

/** A limit price: present, a decimal, positive, a multiple of the tick. */
export function checkOrderPrice(pair: OrderInputPair, text: string | undefined): OrderFieldCheck {
  const offTick = problem<OrderInputProblemCode>('bibi_price_off_tick', { tickSize: pair.tickSize });
  const parsed = parseField('price', text, pair.priceScale, offTick);
  if (parsed.problem) return parsed;
  if (pair.tick > 0n && parsed.units % pair.tick !== 0n) return refusedField(offTick);
  return parsed;
}

/** A volume in units, however it was reached (typed, or bought by an amount): not absurd, on the step, at least the minimum. */
export function checkVolumeUnits(pair: OrderInputPair, volume: bigint): OrderInputProblem | null {
  if (volume > ORDER_VOLUME_MAX * pow10(pair.volumeScale)) return problem('bibi_volume_invalid');
  if (pair.step > 0n && volume % pair.step !== 0n) {
    return problem('bibi_volume_off_step', { volumeStep: pair.volumeStep });
  }
  if (volume < pair.minimum) return problem('bibi_volume_below_minimum', { minimumVolume: pair.minimumVolume });
  return null;
}

/** A volume in coins as typed: present, a decimal, positive, then checkVolumeUnits. */
export function checkOrderVolume(pair: OrderInputPair, text: string | undefined): OrderFieldCheck {
  const offStep = problem<OrderInputProblemCode>('bibi_volume_off_step', { volumeStep: pair.volumeStep });
  const parsed = parseField('volume', text, pair.volumeScale, offStep);
  if (parsed.problem) return parsed;
  const found = checkVolumeUnits(pair, parsed.units);
  return found ? refusedField(found) : parsed;
}

/** A USDT amount (a market buy's budget, or what a limit buy spends): present, a decimal, no finer than USDT, positive. */
export function checkQuoteAmount(pair: OrderInputPair, text: string | undefined): OrderFieldCheck {
  const tooFine = problem<OrderInputProblemCode>('amount_precision', { decimals: pair.quoteScale });
  return parseField('amount', text, pair.quoteScale, tooFine);
}

/** An order worth more than ORDER_NOTIONAL_MAX USDT is refused, whatever the balance. */
export function checkOrderWorth(pair: OrderInputPair, quoteUnits: bigint): OrderInputProblem | null {
  if (quoteUnits > ORDER_NOTIONAL_MAX * pow10(pair.quoteScale)) {
    return problem('bibi_order_too_large', { max: ORDER_NOTIONAL_MAX.toString() });
  }
  return null;
}

type OrderScales = Pick<OrderInputPair, 'priceScale' | 'volumeScale' | 'quoteScale'>;

/**
 * price x volume in USDT units, rounded the customer's way: a buyer pays it (up), a seller receives it
 * (down). Exact whenever priceScale + volumeScale <= quoteScale, which the server demands of every pair.
 */
export function orderTotal(pair: OrderScales, price: bigint, volume: bigint, side: OrderSide): bigint {
  const rounding = side === 'buy' ? HOUSE_ROUNDING.customerPays : HOUSE_ROUNDING.customerReceives;
  return multiply(price, pair.priceScale, volume, pair.volumeScale, pair.quoteScale, rounding);
}

/** The whole volume steps a USDT amount buys at `price`, rounded down: never more than was offered. */
export function volumeForQuoteAmount(
  pair: OrderScales & Pick<OrderInputPair, 'step'>,
  amount: bigint,
  price: bigint,
): bigint {
  const notional = rescale(
    amount,
    pair.quoteScale,
    pair.priceScale + pair.volumeScale,
    HOUSE_ROUNDING.customerReceives,
  );
  const steps = notional / price / pair.step;
  return steps * pair.step;
}

/** The pair's fee rates (fractions of the USDT amount). */
export interface OrderFeeRates {
  maker: ScaledValue;
  taker: ScaledValue;
}

/**
 * The most fee one order can pay on a USDT amount, rounded up (the customer pays it): a market order
 * always takes, so the taker rate; a limit order may take or rest, so the higher of the two rates.
 * Fills round their fees separately, so a fee summed over several fills may exceed this by up to one
 * unit per fill (the server reserves that too).
 */
export function orderFeeBound(
  quoteUnits: bigint,
  quoteScale: number,
  kind: 'limit' | 'market',
  rates: OrderFeeRates,
): bigint {
  const rate = kind === 'market' ? rates.taker : higherRate(rates.maker, rates.taker);
  return feeOn(quoteUnits, quoteScale, rate);
}

function higherRate(first: ScaledValue, second: ScaledValue): ScaledValue {
  // Cross-multiplied so rates at different scales compare exactly.
  const firstAtSecond = first.units * pow10(second.scale);
  const secondAtFirst = second.units * pow10(first.scale);
  return firstAtSecond >= secondAtFirst ? first : second;
}

export interface OrderRequest {
  side: OrderSide;
  kind: 'limit' | 'market';
  price?: string | undefined;
  /** Coins: every order except a market buy (and a limit buy by amount). */
  volume?: string | undefined;
  /** USDT: a market buy's budget, or a limit buy's spend when no volume is given. */
  amount?: string | undefined;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

/** What the order asks the book to do, once every check passed. */
export type OrderIntent =
  | { type: 'limit'; side: OrderSide; price: bigint; size: bigint; timeInForce: TimeInForce; postOnly: boolean }
  | { type: 'market'; side: 'sell'; size: bigint }
  | { type: 'market_by_quote'; quoteAmount: bigint };

export type OrderInputCheck = { order: OrderIntent; problem: null } | { order: null; problem: OrderInputProblem };

function refusedOrder(found: OrderInputProblem): OrderInputCheck {
  return { order: null, problem: found };
}

/** Checks a whole request against the pair; the first problem found wins. */
export function checkOrderInput(pair: OrderInputPair, request: OrderRequest): OrderInputCheck {
  if (request.kind === 'market') return checkMarketOrder(pair, request);
  const price = checkOrderPrice(pair, request.price);
  if (price.problem) return refusedOrder(price.problem);
  let size: bigint;
  if (request.side === 'buy' && isBlank(request.volume)) {
    // A limit buy by USDT amount: the whole volume steps that amount buys at the limit price.
    if (isBlank(request.amount)) return refusedOrder(problem('bibi_volume_required'));
    const amount = checkQuoteAmount(pair, request.amount);
    if (amount.problem) return refusedOrder(amount.problem);
    const tooLarge = checkOrderWorth(pair, amount.units);
    if (tooLarge) return refusedOrder(tooLarge);
    size = volumeForQuoteAmount(pair, amount.units, price.units);
    const sizeProblem = checkVolumeUnits(pair, size);
    if (sizeProblem) return refusedOrder(sizeProblem);
  } else {
    const volume = checkOrderVolume(pair, request.volume);
    if (volume.problem) return refusedOrder(volume.problem);
    size = volume.units;
  }
  const tooLarge = checkOrderWorth(pair, orderTotal(pair, price.units, size, request.side));
  if (tooLarge) return refusedOrder(tooLarge);
  if (request.postOnly && request.timeInForce !== 'GTC') return refusedOrder(problem('bibi_post_only_requires_gtc'));
  const order: OrderIntent = {
    type: 'limit',
    side: request.side,
    price: price.units,
    size,
    timeInForce: request.timeInForce,
    postOnly: request.postOnly,
  };
  return { order, problem: null };
}

function checkMarketOrder(pair: OrderInputPair, request: OrderRequest): OrderInputCheck {
  if (request.side === 'sell') {
    const volume = checkOrderVolume(pair, request.volume);
    if (volume.problem) return refusedOrder(volume.problem);
    return { order: { type: 'market', side: 'sell', size: volume.units }, problem: null };
  }
  // A market buy spends a USDT budget: buying a volume at an unknown price could not be frozen up front.
  const budget = checkQuoteAmount(pair, request.amount);
  if (budget.problem) return refusedOrder(budget.problem);
  const tooLarge = checkOrderWorth(pair, budget.units);
  if (tooLarge) return refusedOrder(tooLarge);
  return { order: { type: 'market_by_quote', quoteAmount: budget.units }, problem: null };
}
