/**
 * The coin-to-coin matching engine for one pair: price-time priority, limit (GTC, IOC, FOK, post-only),
 * market by base size, market buy by quote amount, cancel, and self-trade prevention.
 *
 * Structure: per side a BookSide (an AVL tree of price levels with the best one cached), each level an
 * intrusive queue of OrderNodes, an id table from order id to node (an array window over recent ids
 * plus a Map for older ones, order-id-table.ts) and an owner index. Cancel is a table lookup plus O(1)
 * unlinking (plus the level's removal when it empties); matching reads only the head of the best level;
 * no path scans a level's queue.
 *
 * Hot-path allocation is kept to what the caller receives (results, fills, their BigInts): nodes are
 * recycled (OrderNodePool), the taker's progress is one object per book, level totals and the state
 * hash run on Numbers while values are safe integers (exact; BigInt beyond), and fees use factors
 * computed once per book. The state hash and every result are unchanged by all of this.
 *
 * Determinism: the engine holds no clock and no randomness, and order ids and fill sequences are
 * counters, so the same command stream always gives the same results, book and stateHash().
 *
 * Self-trade prevention is cancel-oldest: when the incoming order reaches a resting order of its own
 * owner, the resting one is cancelled (reported in selfTradeCancels) and matching continues behind it.
 * Only orders the taker would otherwise trade with are cancelled.
 */
import { assertPairConfig } from './pair-config';
import { BookSide } from './book-side';
import { FillAmounts } from './fill-amounts';
import { OrderIdTable } from './order-id-table';
import { OrderNodePool, type OrderNode } from './order-node';
import { OwnerIndex } from './owner-index';
import type { PriceLevel } from './price-level';
import type { OrderBookRejectionCode } from './result-codes';
import { accumulate, bookStateHash, orderContributionLanes, orderIdentityLanes, type HashLanes } from './state-hash';
import { checkBookState } from './book-state';
import type {
  BookState,
  CancelOrderCommand,
  CancelResult,
  CommandResult,
  DepthLevel,
  DepthSnapshot,
  Fill,
  LimitOrderCommand,
  MarketBuyByQuoteCommand,
  MarketOrderCommand,
  OpenOrder,
  OrderBookCommand,
  OrderBookEngine,
  OrderSide,
  PairConfig,
  PlacementAccepted,
  PlacementResult,
  PlacementStatus,
  Rejection,
  SelfTradeCancel,
} from './types';
import { validateCancel, validateLimitOrder, validateMarketBuyByQuote, validateMarketOrder } from './validation';

/** Shared by every result without fills or cancels, so the common case allocates no arrays. */
const NO_FILLS: readonly Fill[] = Object.freeze([]);
const NO_SELF_TRADE_CANCELS: readonly SelfTradeCancel[] = Object.freeze([]);

export function reject(code: OrderBookRejectionCode): Rejection {
  return { ok: false, code };
}

/** True when a taker on `takerSide` with limit `limitPrice` may trade at a maker's `makerPrice`. */
export function priceCrosses(takerSide: OrderSide, limitPrice: bigint, makerPrice: bigint): boolean {
  return takerSide === 'buy' ? makerPrice <= limitPrice : makerPrice >= limitPrice;
}

/**
 * The incoming order's progress while it takes liquidity. The book keeps one and resets it per
 * placement (startTaking) instead of allocating one per order: commands run one at a time, to the end,
 * and nothing outside the book ever sees it.
 */
class Taking {
  orderId = 0;
  owner = '';
  side: OrderSide = 'buy';
  /** null for market orders. */
  limitPrice: bigint | null = null;
  /** true for a market buy by quote amount: remainingBudget limits it, not remainingSize. */
  byQuote = false;
  remainingSize = 0n;
  remainingBudget = 0n;
  /** Set when a by-quote order stopped because its budget could not buy one more step. */
  budgetExhausted = false;
  filledSize = 0n;
  filledQuoteAmount = 0n;
  fills: Fill[] | null = null;
  selfTradeCancels: SelfTradeCancel[] | null = null;
}

export class OrderBook implements OrderBookEngine {
  readonly config: PairConfig;
  private readonly amounts: FillAmounts;
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly ordersById = new OrderIdTable();
  private readonly owners = new OwnerIndex();
  private readonly hashSums: HashLanes = { laneA: 0, laneB: 0 };
  private readonly taking = new Taking();
  private readonly nodePool = new OrderNodePool();
  private nextOrderId = 1;
  private nextFillSequence = 1;

  /** Throws PairConfigError for an unusable configuration (operator data, checked at boot). */
  constructor(config: PairConfig) {
    this.config = assertPairConfig(config);
    this.amounts = new FillAmounts(config);
  }

  /**
   * Rebuilds a book from exportState() without replaying history. Throws BookStateError when the state is
   * inconsistent (a corrupted snapshot must stop the boot, not trade).
   */
  static restore(config: PairConfig, state: BookState): OrderBook {
    const book = new OrderBook(config);
    checkBookState(config, state);
    for (const order of state.orders) {
      book.rest(
        order.orderId,
        order.owner,
        order.side,
        order.price,
        order.originalSize,
        order.remainingSize,
        order.postOnly,
      );
    }
    book.nextOrderId = state.nextOrderId;
    book.nextFillSequence = state.nextFillSequence;
    return book;
  }

  execute(command: OrderBookCommand): CommandResult {
    switch (command.type) {
      case 'limit':
        return this.placeLimit(command);
      case 'market':
        return this.placeMarket(command);
      case 'market_by_quote':
        return this.placeMarketByQuote(command);
      case 'cancel':
        return this.cancel(command);
      default: {
        // Commands come from storage too: an unknown type is refused, not thrown.
        const unknown: never = command;
        void unknown;
        return reject('orderbook.command_invalid');
      }
    }
  }

  placeLimit(command: LimitOrderCommand): PlacementResult {
    const problem = validateLimitOrder(command, this.config);
    if (problem !== null) return reject(problem);
    const opposite = this.sideFor(command.side === 'buy' ? 'sell' : 'buy');
    const best = opposite.best();
    if (command.postOnly && best !== undefined && priceCrosses(command.side, command.price, best.price)) {
      return reject('orderbook.post_only_would_take');
    }
    if (
      command.timeInForce === 'FOK' &&
      !this.canFillCompletely(command.owner, command.side, command.price, command.size)
    ) {
      return reject('orderbook.fok_unfillable');
    }
    const taking = this.startTaking(command.owner, command.side, command.price, command.size, false, 0n);
    this.take(taking);
    if (taking.remainingSize > 0n && command.timeInForce === 'GTC') {
      this.rest(
        taking.orderId,
        command.owner,
        command.side,
        command.price,
        command.size,
        taking.remainingSize,
        command.postOnly,
      );
      return this.placementResult(taking, 'resting', taking.remainingSize, 0n);
    }
    return this.finishTaking(taking);
  }

  placeMarket(command: MarketOrderCommand): PlacementResult {
    const problem = validateMarketOrder(command, this.config);
    if (problem !== null) return reject(problem);
    const taking = this.startTaking(command.owner, command.side, null, command.size, false, 0n);
    this.take(taking);
    return this.finishTaking(taking);
  }

  placeMarketByQuote(command: MarketBuyByQuoteCommand): PlacementResult {
    const problem = validateMarketBuyByQuote(command);
    if (problem !== null) return reject(problem);
    const budget = this.amounts.budgetAtQuoteAmountScale(command.quoteAmount);
    const taking = this.startTaking(command.owner, 'buy', null, 0n, true, budget);
    this.take(taking);
    const status: PlacementStatus = taking.budgetExhausted && taking.filledSize > 0n ? 'filled' : 'expired';
    return this.placementResult(taking, status, 0n, 0n);
  }

  cancel(command: CancelOrderCommand): CancelResult {
    const problem = validateCancel(command.owner, command.orderId);
    if (problem !== null) return reject(problem);
    const node = this.ordersById.get(command.orderId);
    if (node === undefined) {
      // Every id below nextOrderId was an accepted order; if it is not resting it has finished. This needs
      // no memory of finished orders, so the book's memory is bounded by what rests on it.
      return reject(command.orderId < this.nextOrderId ? 'orderbook.order_finished' : 'orderbook.unknown_order');
    }
    if (node.owner !== command.owner) return reject('orderbook.not_owner');
    // Read before removal: the removed node goes back to the pool for reuse.
    const result: CancelResult = {
      ok: true,
      type: 'cancel',
      orderId: node.id,
      owner: node.owner,
      side: node.side,
      price: node.price,
      cancelledSize: node.remainingSize,
    };
    this.removeResting(node);
    return result;
  }

  bestBid(): bigint | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): bigint | null {
    return this.asks.best()?.price ?? null;
  }

  depth(levels: number): DepthSnapshot {
    return { bids: this.depthOf(this.bids, levels), asks: this.depthOf(this.asks, levels) };
  }

  openOrders(owner: string): OpenOrder[] {
    return this.owners.orders(owner).map(toOpenOrder);
  }

  restingOrderCount(): number {
    return this.ordersById.size;
  }

  stateHash(): string {
    return bookStateHash(this.hashSums, this.nextOrderId, this.nextFillSequence, this.ordersById.size);
  }

  exportState(): BookState {
    const orders: OpenOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      side.walkFromBest(side.levelCount(), (level) => {
        let node = level.head;
        for (let visited = 0; node !== null && visited < level.orderCount; visited++) {
          orders.push(toOpenOrder(node));
          node = node.next;
        }
        return true;
      });
    }
    return {
      pair: this.config.pair,
      nextOrderId: this.nextOrderId,
      nextFillSequence: this.nextFillSequence,
      orders,
    };
  }

  private sideFor(side: OrderSide): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private startTaking(
    owner: string,
    side: OrderSide,
    limitPrice: bigint | null,
    size: bigint,
    byQuote: boolean,
    budget: bigint,
  ): Taking {
    const taking = this.taking;
    // The id is handed out only now, after every refusal: ids below nextOrderId are all accepted orders.
    taking.orderId = this.nextOrderId++;
    taking.owner = owner;
    taking.side = side;
    taking.limitPrice = limitPrice;
    taking.byQuote = byQuote;
    taking.remainingSize = size;
    taking.remainingBudget = budget;
    taking.budgetExhausted = false;
    taking.filledSize = 0n;
    taking.filledQuoteAmount = 0n;
    taking.fills = null;
    taking.selfTradeCancels = null;
    return taking;
  }

  /**
   * Takes liquidity from the best opposite level while the price crosses and the taker has something
   * left. Every pass either removes a resting order (filled or self-trade cancelled) or ends the taker,
   * so the passes are bounded by the resting orders plus one.
   */
  private take(taking: Taking): void {
    const opposite = this.sideFor(taking.side === 'buy' ? 'sell' : 'buy');
    const bound = this.ordersById.size + 2;
    for (let pass = 0; pass < bound; pass++) {
      const level = opposite.best();
      if (level === undefined) return;
      if (taking.limitPrice !== null && !priceCrosses(taking.side, taking.limitPrice, level.price)) return;
      const maker = level.head;
      if (maker === null) return; // never: empty levels are dropped at once
      // By size, what is wanted is never 0 here (a filled taker returns below). By quote, a budget that
      // cannot buy one step here buys nothing further out either: prices only get worse.
      const wanted = taking.byQuote
        ? this.amounts.affordableSize(taking.remainingBudget, level.price)
        : taking.remainingSize;
      if (wanted === 0n) {
        taking.budgetExhausted = true;
        return;
      }
      // Checked only once the taker would really trade here, so STP never cancels an order it would not meet.
      if (maker.owner === taking.owner) {
        this.cancelForSelfTrade(maker, taking);
        continue;
      }
      if (wanted < maker.remainingSize) this.fill(taking, maker, level, wanted, false);
      else this.fill(taking, maker, level, maker.remainingSize, true);
      if (!taking.byQuote && taking.remainingSize === 0n) return;
    }
  }

  /**
   * One trade of `size` at the maker's price. `makerFinished`: size is all the maker has left (otherwise
   * it is all the taker wants, and the maker keeps the rest).
   */
  private fill(taking: Taking, maker: OrderNode, level: PriceLevel, size: bigint, makerFinished: boolean): void {
    const amounts = this.amounts;
    const quoteAmount = amounts.quoteAmount(level.price, size);
    const makerRemainingSize = makerFinished ? 0n : maker.remainingSize - size;
    const fill: Fill = {
      sequence: this.nextFillSequence++,
      makerOrderId: maker.id,
      takerOrderId: taking.orderId,
      makerOwner: maker.owner,
      takerOwner: taking.owner,
      takerSide: taking.side,
      price: level.price,
      size,
      quoteAmount,
      makerFee: amounts.makerFee(quoteAmount),
      takerFee: amounts.takerFee(quoteAmount),
      makerRemainingSize,
    };
    if (taking.fills === null) {
      // The first fill: the sums so far are 0, so they become this fill's amounts (no BigInt additions).
      taking.fills = [fill];
      taking.filledSize = size;
      taking.filledQuoteAmount = quoteAmount;
    } else {
      taking.fills.push(fill);
      taking.filledSize += size;
      taking.filledQuoteAmount += quoteAmount;
    }
    if (taking.byQuote) {
      taking.remainingBudget -= quoteAmount;
    } else if (makerFinished) {
      taking.remainingSize -= size;
    } else {
      // By size, `size` was everything the taker wanted.
      taking.remainingSize = 0n;
    }

    if (makerFinished) {
      this.removeResting(maker);
      return;
    }
    accumulate(this.hashSums, maker, -1);
    const remainingBefore = maker.remainingSizeApproximation;
    const remainingAfter = Number(makerRemainingSize);
    maker.remainingSize = makerRemainingSize;
    maker.remainingSizeApproximation = remainingAfter;
    // The level reads the Number difference only while its total is safe, and then it is exact.
    level.reduce(size, remainingBefore - remainingAfter);
    orderContributionLanes(maker.identityLaneA, maker.identityLaneB, makerRemainingSize, remainingAfter, maker);
    accumulate(this.hashSums, maker, 1);
  }

  private cancelForSelfTrade(maker: OrderNode, taking: Taking): void {
    const cancel: SelfTradeCancel = {
      orderId: maker.id,
      owner: maker.owner,
      side: maker.side,
      price: maker.price,
      cancelledSize: maker.remainingSize,
    };
    if (taking.selfTradeCancels === null) taking.selfTradeCancels = [cancel];
    else taking.selfTradeCancels.push(cancel);
    this.removeResting(maker);
  }

  /**
   * Whether a FOK order fills completely. Its own resting orders will be cancelled, not traded, so they
   * do not count: their crossing size is summed from the owner's list (bounded by that owner's orders),
   * and the levels' aggregated sizes are summed from the best outward (bounded by the crossing levels).
   */
  private canFillCompletely(owner: string, side: OrderSide, limitPrice: bigint, size: bigint): boolean {
    const oppositeSide: OrderSide = side === 'buy' ? 'sell' : 'buy';
    let ownCrossing = 0n;
    let node = this.owners.oldest(owner);
    const ownCount = this.owners.count(owner);
    for (let visited = 0; node !== null && visited < ownCount; visited++) {
      if (node.side === oppositeSide && priceCrosses(side, limitPrice, node.price)) ownCrossing += node.remainingSize;
      node = node.ownerNext;
    }
    let available = 0n;
    let enough = false;
    this.sideFor(oppositeSide).walkFromBest(Number.MAX_SAFE_INTEGER, (level) => {
      if (!priceCrosses(side, limitPrice, level.price)) return false;
      available += level.totalSize;
      // Own orders are at most ownCrossing of what has been summed so far, so this is already enough.
      enough = available - ownCrossing >= size;
      return !enough;
    });
    return enough;
  }

  private rest(
    orderId: number,
    owner: string,
    side: OrderSide,
    price: bigint,
    originalSize: bigint,
    remainingSize: bigint,
    postOnly: boolean,
  ): void {
    const originalSizeApproximation = Number(originalSize);
    const remainingSizeApproximation =
      remainingSize === originalSize ? originalSizeApproximation : Number(remainingSize);
    const node = this.nodePool.take(
      orderId,
      owner,
      side,
      price,
      originalSize,
      remainingSize,
      remainingSizeApproximation,
      postOnly,
    );
    const level = this.sideFor(side).levelFor(price);
    const ownerOrders = this.owners.listFor(owner);
    // The node's own lanes first hold its identity, then its contribution (no scratch object per order).
    // The level's key is Number(price) and the owner's list keeps the owner's hash: nothing is recomputed.
    orderIdentityLanes(
      orderId,
      ownerOrders.ownerHash,
      side,
      postOnly,
      price,
      level.key,
      originalSize,
      originalSizeApproximation,
      node,
    );
    node.identityLaneA = node.laneA;
    node.identityLaneB = node.laneB;
    orderContributionLanes(node.identityLaneA, node.identityLaneB, remainingSize, remainingSizeApproximation, node);
    accumulate(this.hashSums, node, 1);
    level.append(node);
    this.ordersById.add(node);
    this.owners.add(node, ownerOrders);
  }

  private removeResting(node: OrderNode): void {
    const level = node.level;
    if (level !== null) {
      level.remove(node);
      if (level.isEmpty()) this.sideFor(node.side).removeLevel(level);
    }
    this.ordersById.delete(node.id);
    this.owners.remove(node);
    accumulate(this.hashSums, node, -1);
    // Callers read what they report before this point; from here the node may be reused.
    this.nodePool.give(node);
  }

  private finishTaking(taking: Taking): PlacementAccepted {
    const status: PlacementStatus = taking.remainingSize === 0n ? 'filled' : 'expired';
    return this.placementResult(taking, status, 0n, taking.remainingSize);
  }

  private placementResult(
    taking: Taking,
    status: PlacementStatus,
    restingSize: bigint,
    expiredSize: bigint,
  ): PlacementAccepted {
    return {
      ok: true,
      type: 'placement',
      orderId: taking.orderId,
      status,
      filledSize: taking.filledSize,
      filledQuoteAmount: taking.filledQuoteAmount,
      restingSize,
      expiredSize,
      fills: taking.fills ?? NO_FILLS,
      selfTradeCancels: taking.selfTradeCancels ?? NO_SELF_TRADE_CANCELS,
    };
  }

  private depthOf(side: BookSide, levels: number): DepthLevel[] {
    const result: DepthLevel[] = [];
    let cumulativeSize = 0n;
    side.walkFromBest(Number.isInteger(levels) && levels > 0 ? levels : 0, (level) => {
      cumulativeSize += level.totalSize;
      result.push({ price: level.price, size: level.totalSize, cumulativeSize, orderCount: level.orderCount });
      return true;
    });
    return result;
  }
}

function toOpenOrder(node: OrderNode): OpenOrder {
  return {
    orderId: node.id,
    owner: node.owner,
    side: node.side,
    price: node.price,
    originalSize: node.originalSize,
    remainingSize: node.remainingSize,
    postOnly: node.postOnly,
  };
}
