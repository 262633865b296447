/**
 * The consistency rules of an exported book state (a snapshot). A snapshot that breaks one is corrupted
 * or belongs to another pair; restoring it would trade on a wrong book, so it stops the boot with
 * BookStateError instead. The rules are exactly what a book built by commands always satisfies.
 */
import type { BookState, OpenOrder, PairConfig } from './types';

export class BookStateError extends RangeError {
  constructor(message: string) {
    super(`invalid order book state: ${message}`);
    this.name = 'BookStateError';
  }
}

function checkOrder(config: PairConfig, state: BookState, order: OpenOrder, seen: Set<number>): void {
  const label = `order ${order.orderId}`;
  if (!Number.isSafeInteger(order.orderId) || order.orderId < 1 || order.orderId >= state.nextOrderId) {
    throw new BookStateError(`${label}: id outside 1..nextOrderId-1`);
  }
  if (seen.has(order.orderId)) throw new BookStateError(`${label}: listed twice`);
  seen.add(order.orderId);
  if (typeof order.owner !== 'string' || order.owner === '') throw new BookStateError(`${label}: no owner`);
  if (order.side !== 'buy' && order.side !== 'sell') throw new BookStateError(`${label}: bad side`);
  if (order.price <= 0n || order.price % config.priceTick !== 0n) throw new BookStateError(`${label}: bad price`);
  if (order.originalSize <= 0n || order.originalSize % config.sizeStep !== 0n) {
    throw new BookStateError(`${label}: bad original size`);
  }
  if (
    order.remainingSize <= 0n ||
    order.remainingSize > order.originalSize ||
    order.remainingSize % config.sizeStep !== 0n
  ) {
    throw new BookStateError(`${label}: bad remaining size`);
  }
}

/**
 * Orders must come in priority order: all bids, best price first, then all asks, best price first; at
 * one price, ascending ids (time priority is id order, because ids are handed out in arrival order).
 */
function checkPriority(previous: OpenOrder, order: OpenOrder): void {
  if (previous.side === 'sell' && order.side === 'buy') throw new BookStateError('a bid is listed after the asks');
  if (previous.side !== order.side) return;
  const samePrice = previous.price === order.price;
  const worse = order.side === 'buy' ? order.price < previous.price : order.price > previous.price;
  if (!worse && !(samePrice && order.orderId > previous.orderId)) {
    throw new BookStateError(`order ${order.orderId} is out of priority order`);
  }
}

export function checkBookState(config: PairConfig, state: BookState): void {
  if (state.pair !== config.pair) throw new BookStateError(`pair ${state.pair} is not ${config.pair}`);
  if (!Number.isSafeInteger(state.nextOrderId) || state.nextOrderId < 1) throw new BookStateError('bad nextOrderId');
  if (!Number.isSafeInteger(state.nextFillSequence) || state.nextFillSequence < 1) {
    throw new BookStateError('bad nextFillSequence');
  }
  const seen = new Set<number>();
  let previous: OpenOrder | undefined;
  let bestBid: bigint | undefined;
  let bestAsk: bigint | undefined;
  for (const order of state.orders) {
    checkOrder(config, state, order, seen);
    if (previous !== undefined) checkPriority(previous, order);
    if (order.side === 'buy' && bestBid === undefined) bestBid = order.price;
    if (order.side === 'sell' && bestAsk === undefined) bestAsk = order.price;
    previous = order;
  }
  if (bestBid !== undefined && bestAsk !== undefined && bestBid >= bestAsk) {
    throw new BookStateError('the book is crossed');
  }
}
