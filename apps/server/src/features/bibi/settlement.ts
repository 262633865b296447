import { bibi } from '@kestrel/contract';
/**
 * The money of coin-to-coin orders, pure: what an order freezes, and how one fill moves both sides'
 * coins and fees. The server turns these amounts into ledger postings; the property tests drive them
 * with the engine's own fills and check that every coin is conserved and no reserve goes negative.
 *
 * Units: quote amounts at quoteScale, base amounts at baseScale (the ledger's units), prices and volumes
 * at the pair's priceScale and volumeScale. PairSpec guarantees priceScale + volumeScale <= quoteScale,
 * so a fill's price x volume converts to quote units exactly.
 */
import {
  FEE_RATE_SCALE,
  orderFeeBound,
  rescale,
  type Fill,
  type OrderFeeRates,
  type OrderSide,
  type PlacementAccepted,
} from '@kestrel/domain';
import type { PairSpec } from './pair-spec';

type Scales = Pick<PairSpec, 'priceScale' | 'volumeScale' | 'quoteScale' | 'baseScale'>;

/** price x volume in quote units, exact. */
export function notionalUnits(pair: Scales, price: bigint, volume: bigint): bigint {
  return rescale(price * volume, pair.priceScale + pair.volumeScale, pair.quoteScale, 'down');
}

/** A fill's quote amount (at priceScale + volumeScale) in quote units, exact. */
export function fillQuoteUnits(pair: Scales, fill: Pick<Fill, 'quoteAmount'>): bigint {
  return rescale(fill.quoteAmount, pair.priceScale + pair.volumeScale, pair.quoteScale, 'down');
}

/** A volume in the base coin's ledger units, exact. */
export function baseUnits(pair: Scales, volume: bigint): bigint {
  return rescale(volume, pair.volumeScale, pair.baseScale, 'down');
}

/** The pair's rates (parts per million) as the domain's fee bound reads them. */
function feeRates(pair: Pick<PairSpec, 'makerFeeRate' | 'takerFeeRate'>): OrderFeeRates {
  return {
    maker: { units: pair.makerFeeRate, scale: FEE_RATE_SCALE },
    taker: { units: pair.takerFeeRate, scale: FEE_RATE_SCALE },
  };
}

/**
 * What a limit buy freezes: price x volume, the most fee it can pay (the domain's orderFeeBound: the
 * higher of the two rates, since it may take or rest, rounded up), and one smallest unit per possible
 * fill. The engine rounds each fill's fee up separately, so the fees of n fills can exceed the fee of
 * their sum by up to n units; an order has at most volume / step fills. What is not spent returns when
 * the order finishes.
 */
export function limitBuyReserve(
  pair: Scales & Pick<PairSpec, 'step' | 'makerFeeRate' | 'takerFeeRate'>,
  price: bigint,
  volume: bigint,
): bigint {
  const notional = notionalUnits(pair, price, volume);
  const charged = pair.makerFeeRate > 0n || pair.takerFeeRate > 0n;
  const roundingAllowance = charged ? volume / pair.step : 0n;
  return notional + orderFeeBound(notional, pair.quoteScale, 'limit', feeRates(pair)) + roundingAllowance;
}

/**
 * What a market buy by quote freezes: the budget, the taker fee on it (a market order always takes), and
 * one unit per fill it could make. A taker fills at most once per resting order, so the book's resting
 * order count bounds its fills.
 */
export function marketBuyReserve(
  pair: Scales & Pick<PairSpec, 'makerFeeRate' | 'takerFeeRate'>,
  budget: bigint,
  restingOrderCount: number,
): bigint {
  const roundingAllowance = pair.takerFeeRate > 0n ? BigInt(restingOrderCount) : 0n;
  return budget + orderFeeBound(budget, pair.quoteScale, 'market', feeRates(pair)) + roundingAllowance;
}

/** What a sell freezes: the volume, in the base coin. */
export function sellReserve(pair: Scales, volume: bigint): bigint {
  return baseUnits(pair, volume);
}

export interface FillSettlement {
  buyerOrderBookId: number;
  sellerOrderBookId: number;
  buyerOwner: string;
  sellerOwner: string;
  /** Quote units leaving the buyer's frozen balance: price x volume + the buyer's fee. */
  buyerPaysQuote: bigint;
  /** Base units the buyer receives (available). */
  buyerReceivesBase: bigint;
  /** Base units leaving the seller's frozen balance. */
  sellerPaysBase: bigint;
  /** Quote units the seller receives (available): price x volume - the seller's fee. */
  sellerReceivesQuote: bigint;
  /** Both fees, to the platform's fee income. */
  feeIncome: bigint;
  buyerFee: bigint;
  sellerFee: bigint;
  quoteUnits: bigint;
}

/** Who paid and received what in one fill. Fees come from the engine (rounded up there). */
export function settleFill(pair: Scales, fill: Fill): FillSettlement {
  const quote = fillQuoteUnits(pair, fill);
  const base = baseUnits(pair, fill.size);
  const takerBuys = fill.takerSide === 'buy';
  const buyerFee = takerBuys ? fill.takerFee : fill.makerFee;
  const sellerFee = takerBuys ? fill.makerFee : fill.takerFee;
  return {
    buyerOrderBookId: takerBuys ? fill.takerOrderId : fill.makerOrderId,
    sellerOrderBookId: takerBuys ? fill.makerOrderId : fill.takerOrderId,
    buyerOwner: takerBuys ? fill.takerOwner : fill.makerOwner,
    sellerOwner: takerBuys ? fill.makerOwner : fill.takerOwner,
    buyerPaysQuote: quote + buyerFee,
    buyerReceivesBase: base,
    sellerPaysBase: base,
    sellerReceivesQuote: quote - sellerFee,
    feeIncome: buyerFee + sellerFee,
    buyerFee,
    sellerFee,
    quoteUnits: quote,
  };
}

/** The side that pays from its frozen balance in the quote currency (buy) or the base coin (sell). */
export function frozenCurrencyOf(pair: Pick<PairSpec, 'baseCurrencyId' | 'quoteCurrencyId'>, side: OrderSide): number {
  return side === 'buy' ? pair.quoteCurrencyId : pair.baseCurrencyId;
}

/** The money fields of an order that a command changes (OrderRow has them all). */
export interface OrderMoney {
  id: number;
  bookOrderId: number | null;
  userId: number;
  frozenCurrencyId: number;
  frozen: bigint;
  filledVolume: bigint;
  filledAmount: bigint;
  fee: bigint;
  remainingVolume: bigint;
  /** 0 open, 1 filled, 2 cancelled, 3 expired. */
  status: number;
  cancelReason: string | null;
  updatedAt: number;
  finishedAt: number | null;
}

export type Movement<Order extends OrderMoney> =
  | { kind: 'fill'; fill: Fill; settlement: FillSettlement; buyer: Order; seller: Order; maker: Order }
  | { kind: 'release'; order: Order; units: bigint };

export class SettlementError extends Error {}

/**
 * What an accepted placement does to money, in order: one movement per fill (both sides' coins and both
 * fees), then a release of what each order that finished still holds. The orders are updated in place;
 * `changed` lists every order the placement touched, the taker first. Pure: the writer turns movements
 * into ledger entries, and the property tests run it against the engine's own results.
 */
export function settlePlacement<Order extends OrderMoney>(
  pair: Scales,
  taker: Order,
  makers: ReadonlyMap<number, Order>,
  result: PlacementAccepted,
  now: number,
): { movements: Movement<Order>[]; changed: Order[] } {
  taker.bookOrderId = result.orderId;
  const changed = new Map<number, Order>([[taker.id, taker]]);
  const movements: Movement<Order>[] = [];
  for (const fill of result.fills) {
    const maker = makers.get(fill.makerOrderId);
    if (!maker || maker.status !== bibi.BIBI_ORDER_STATUS.open)
      throw new SettlementError(`fill ${fill.sequence}: maker ${fill.makerOrderId} is not open`);
    const settlement = settleFill(pair, fill);
    const buyer = settlement.buyerOrderBookId === result.orderId ? taker : maker;
    const seller = buyer === taker ? maker : taker;
    buyer.frozen -= settlement.buyerPaysQuote;
    seller.frozen -= settlement.sellerPaysBase;
    if (buyer.frozen < 0n || seller.frozen < 0n)
      throw new SettlementError(`fill ${fill.sequence}: an order's reserve went negative`);
    for (const [order, fee] of [
      [maker, fill.makerFee],
      [taker, fill.takerFee],
    ] as const) {
      order.filledVolume += fill.size;
      order.filledAmount += settlement.quoteUnits;
      order.fee += fee;
      order.updatedAt = now;
    }
    maker.remainingVolume = fill.makerRemainingSize;
    if (fill.makerRemainingSize === 0n) {
      maker.status = 1;
      maker.finishedAt = now;
    }
    changed.set(maker.id, maker);
    movements.push({ kind: 'fill', fill, settlement, buyer, seller, maker });
  }
  for (const cancelled of result.selfTradeCancels) {
    const maker = makers.get(cancelled.orderId);
    if (!maker) throw new SettlementError(`self-trade cancel of ${cancelled.orderId} has no order`);
    maker.remainingVolume = 0n;
    maker.status = 2;
    maker.cancelReason = 'self_trade';
    maker.finishedAt = now;
    maker.updatedAt = now;
    changed.set(maker.id, maker);
  }
  taker.remainingVolume = result.restingSize;
  if (result.status !== 'resting') {
    taker.status = result.status === 'filled' ? 1 : 3;
    taker.finishedAt = now;
  }
  for (const order of changed.values()) {
    if (order.status !== bibi.BIBI_ORDER_STATUS.open && order.frozen > 0n) {
      movements.push({ kind: 'release', order, units: order.frozen });
      order.frozen = 0n;
    }
  }
  return { movements, changed: [...changed.values()] };
}

/** A cancel: the order is finished and what it still holds is released. */
export function settleCancel<Order extends OrderMoney>(order: Order, now: number): Movement<Order>[] {
  order.remainingVolume = 0n;
  order.status = 2;
  order.cancelReason = 'customer';
  order.finishedAt = now;
  order.updatedAt = now;
  if (order.frozen === 0n) return [];
  const units = order.frozen;
  order.frozen = 0n;
  return [{ kind: 'release', order, units }];
}
