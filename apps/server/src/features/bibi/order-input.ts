/**
 * Turns a customer's buy or sell request into an engine command and what it must freeze, or refuses it
 * with a precise key before anything is touched. Pure: the pair and the numbers decide.
 */
import type { ErrorKey } from '@kestrel/contract';
import { DecimalFormatError, parseDecimal, pow10, rescale, type OrderSide, type TimeInForce } from '@kestrel/domain';
import { RefusedError } from '../../http/errors';
import type { PairSpec } from './pair-spec';
import { limitBuyReserve, notionalUnits, sellReserve } from './settlement';

/** The most USDT one order may be worth: keeps every amount far inside a 64-bit integer column. */
export const ORDER_NOTIONAL_MAX = 10_000_000_000n;
/** The most coins one order may name, for the same reason. */
export const ORDER_VOLUME_MAX = 10_000_000_000n;

export interface PlacementRequest {
  side: OrderSide;
  /** 0 limit, 1 market. */
  orderMethod: number;
  productPrice?: string | undefined;
  orderVolume?: string | undefined;
  orderAmount?: string | undefined;
  timeInForce: TimeInForce;
  postOnly: number;
}

export type PlannedCommand =
  | { type: 'limit'; side: OrderSide; price: bigint; size: bigint; timeInForce: TimeInForce; postOnly: boolean }
  | { type: 'market'; side: 'sell'; size: bigint }
  | { type: 'market_by_quote'; quoteAmount: bigint };

export interface PlacementPlan {
  command: PlannedCommand;
  /**
   * Quote or base units to freeze. For a market buy it depends on the book (one unit per resting order
   * covers fee rounding), so the writer computes it from `marketBuyBudget` when the book is in hand.
   */
  freezeUnits: bigint | null;
  marketBuyBudget: bigint | null;
}

type Kind = 'price' | 'volume' | 'amount';
const KEYS: Record<Kind, { required: ErrorKey; invalid: ErrorKey; notPositive: ErrorKey }> = {
  price: {
    required: 'error.bibi_price_required',
    invalid: 'error.bibi_price_invalid',
    notPositive: 'error.bibi_price_not_positive',
  },
  volume: {
    required: 'error.bibi_volume_required',
    invalid: 'error.bibi_volume_invalid',
    notPositive: 'error.bibi_volume_not_positive',
  },
  amount: {
    required: 'error.bibi_amount_required',
    invalid: 'error.bibi_amount_invalid',
    notPositive: 'error.bibi_amount_not_positive',
  },
};

function refusal(key: ErrorKey, params: Record<string, string | number> = {}): RefusedError {
  return new RefusedError(key, params);
}

/** Parses at `scale`; too many decimals is the kind's own precision refusal (off tick, off step...). */
function parseAt(kind: Kind, text: string | undefined, scale: number, precisionRefusal: RefusedError): bigint {
  if (text === undefined || text.trim() === '') throw refusal(KEYS[kind].required);
  let units: bigint;
  try {
    units = parseDecimal(text, scale);
  } catch (error) {
    if (error instanceof DecimalFormatError && error.reason === 'precision') throw precisionRefusal;
    throw refusal(KEYS[kind].invalid);
  }
  if (units <= 0n) throw refusal(KEYS[kind].notPositive);
  return units;
}

function parsePrice(pair: PairSpec, text: string | undefined, tickSize: string): bigint {
  const offTick = refusal('error.bibi_price_off_tick', { tickSize });
  const price = parseAt('price', text, pair.priceScale, offTick);
  if (price % pair.tick !== 0n) throw offTick;
  return price;
}

function checkVolume(pair: PairSpec, volume: bigint, texts: PairTexts): bigint {
  if (volume > ORDER_VOLUME_MAX * pow10(pair.volumeScale)) throw refusal('error.bibi_volume_invalid');
  if (volume % pair.step !== 0n) throw refusal('error.bibi_volume_off_step', { volumeStep: texts.volumeStep });
  if (volume < pair.minimum) throw refusal('error.bibi_volume_below_minimum', { minimumVolume: texts.minimumVolume });
  return volume;
}

function parseVolume(pair: PairSpec, text: string | undefined, texts: PairTexts): bigint {
  const offStep = refusal('error.bibi_volume_off_step', { volumeStep: texts.volumeStep });
  return checkVolume(pair, parseAt('volume', text, pair.volumeScale, offStep), texts);
}

function parseQuoteAmount(pair: PairSpec, text: string | undefined): bigint {
  const tooPrecise = refusal('error.amount_precision', { decimals: pair.quoteScale });
  return parseAt('amount', text, pair.quoteScale, tooPrecise);
}

function checkNotional(pair: PairSpec, quoteUnits: bigint): void {
  if (quoteUnits > ORDER_NOTIONAL_MAX * pow10(pair.quoteScale))
    throw refusal('error.bibi_order_too_large', { max: ORDER_NOTIONAL_MAX.toString() });
}

/** The pair's steps as the customer reads them, for refusal parameters. */
export interface PairTexts {
  tickSize: string;
  volumeStep: string;
  minimumVolume: string;
}

/** Checks a buy or sell request against the pair; throws RefusedError with the first problem found. */
export function planPlacement(pair: PairSpec, texts: PairTexts, request: PlacementRequest): PlacementPlan {
  if (request.orderMethod === 1) return planMarket(pair, texts, request);
  const price = parsePrice(pair, request.productPrice, texts.tickSize);
  let size: bigint;
  if (request.side === 'buy' && (request.orderVolume === undefined || request.orderVolume.trim() === '')) {
    // A limit buy by USDT amount: the whole volume steps that amount buys at the limit price, rounded down.
    if (request.orderAmount === undefined || request.orderAmount.trim() === '')
      throw refusal('error.bibi_volume_required');
    const amount = parseQuoteAmount(pair, request.orderAmount);
    checkNotional(pair, amount);
    const notional = rescale(amount, pair.quoteScale, pair.priceScale + pair.volumeScale, 'down');
    const steps = notional / price / pair.step;
    size = checkVolume(pair, steps * pair.step, texts);
  } else {
    size = parseVolume(pair, request.orderVolume, texts);
  }
  checkNotional(pair, notionalUnits(pair, price, size));
  const postOnly = request.postOnly === 1;
  if (postOnly && request.timeInForce !== 'GTC') throw refusal('error.bibi_post_only_requires_gtc');
  const command: PlannedCommand = {
    type: 'limit',
    side: request.side,
    price,
    size,
    timeInForce: request.timeInForce,
    postOnly,
  };
  const freezeUnits = request.side === 'buy' ? limitBuyReserve(pair, price, size) : sellReserve(pair, size);
  return { command, freezeUnits, marketBuyBudget: null };
}

function planMarket(pair: PairSpec, texts: PairTexts, request: PlacementRequest): PlacementPlan {
  if (request.side === 'sell') {
    const size = parseVolume(pair, request.orderVolume, texts);
    return {
      command: { type: 'market', side: 'sell', size },
      freezeUnits: sellReserve(pair, size),
      marketBuyBudget: null,
    };
  }
  // A market buy spends a USDT budget (API-FACTS: orderAmount); buying a volume at an unknown price
  // could not be frozen up front.
  const budget = parseQuoteAmount(pair, request.orderAmount);
  checkNotional(pair, budget);
  return { command: { type: 'market_by_quote', quoteAmount: budget }, freezeUnits: null, marketBuyBudget: budget };
}
