/**
 * The reference model: the same interface and rules as OrderBook, written to be obviously correct
 * rather than fast. Resting orders are one array in arrival order; every question ("which order is
 * next?", "what is the depth?") is answered by scanning it. Money is computed with the general
 * `multiply`, `divide` and `rescale` of ../decimal, not the engine's precomputed shortcuts.
 *
 * It shares with the engine only what is specified on its own and tested on its own: the command
 * validation (validation.ts), the per-order hash function (state-hash.ts) and the snapshot rules
 * (book-state.ts). Its state hash is recomputed from scratch on every call, which checks the engine's
 * incremental one. The property tests run every random command stream through both and demand equal
 * results, books and hashes.
 */
import { divide, multiply, rescale } from '../decimal';
import { HOUSE_ROUNDING } from '../rounding';
import { checkBookState } from './book-state';
import { assertPairConfig } from './pair-config';
import { accumulate, bookStateHash, orderContribution, type HashLanes } from './state-hash';
import {
  FEE_RATE_SCALE,
  type BookState,
  type CancelOrderCommand,
  type CancelResult,
  type CommandResult,
  type DepthLevel,
  type DepthSnapshot,
  type Fill,
  type LimitOrderCommand,
  type MarketBuyByQuoteCommand,
  type MarketOrderCommand,
  type OpenOrder,
  type OrderBookCommand,
  type OrderBookEngine,
  type OrderSide,
  type PairConfig,
  type PlacementAccepted,
  type PlacementResult,
  type PlacementStatus,
  type Rejection,
  type SelfTradeCancel,
} from './types';
import { validateCancel, validateLimitOrder, validateMarketBuyByQuote, validateMarketOrder } from './validation';
import type { OrderBookRejectionCode } from './result-codes';

interface ReferenceOrder {
  orderId: number;
  owner: string;
  side: OrderSide;
  price: bigint;
  originalSize: bigint;
  remainingSize: bigint;
  postOnly: boolean;
}

function refuse(code: OrderBookRejectionCode): Rejection {
  return { ok: false, code };
}

function oppositeOf(side: OrderSide): OrderSide {
  return side === 'buy' ? 'sell' : 'buy';
}

/** A buyer accepts asks at or below its limit; a seller accepts bids at or above it. */
function acceptable(takerSide: OrderSide, limitPrice: bigint | null, makerPrice: bigint): boolean {
  if (limitPrice === null) return true;
  return takerSide === 'buy' ? makerPrice <= limitPrice : makerPrice >= limitPrice;
}

/** Whether resting order `a` comes before `b` on the same side: better price, then older. */
function hasPriority(a: ReferenceOrder, b: ReferenceOrder): boolean {
  if (a.price !== b.price) return a.side === 'buy' ? a.price > b.price : a.price < b.price;
  return a.orderId < b.orderId;
}

interface TakerOrder {
  orderId: number;
  owner: string;
  side: OrderSide;
  limitPrice: bigint | null;
  /** Base size still wanted; null for a market buy by quote. */
  remainingSize: bigint | null;
  /** Quote (at price + size scale) still to spend; null unless a market buy by quote. */
  remainingBudget: bigint | null;
}

interface TakeOutcome {
  fills: Fill[];
  selfTradeCancels: SelfTradeCancel[];
  filledSize: bigint;
  filledQuoteAmount: bigint;
  budgetExhausted: boolean;
}

export class ReferenceOrderBook implements OrderBookEngine {
  readonly config: PairConfig;
  private resting: ReferenceOrder[] = [];
  private nextOrderId = 1;
  private nextFillSequence = 1;

  constructor(config: PairConfig) {
    this.config = assertPairConfig(config);
  }

  static restore(config: PairConfig, state: BookState): ReferenceOrderBook {
    const book = new ReferenceOrderBook(config);
    checkBookState(config, state);
    book.resting = state.orders.map((order) => ({ ...order })).sort((a, b) => a.orderId - b.orderId);
    book.nextOrderId = state.nextOrderId;
    book.nextFillSequence = state.nextFillSequence;
    return book;
  }

  private get quoteAmountScale(): number {
    return this.config.priceScale + this.config.sizeScale;
  }

  execute(command: OrderBookCommand): CommandResult {
    if (command.type === 'limit') return this.placeLimit(command);
    if (command.type === 'market') return this.placeMarket(command);
    if (command.type === 'market_by_quote') return this.placeMarketByQuote(command);
    if (command.type === 'cancel') return this.cancel(command);
    return refuse('orderbook.command_invalid');
  }

  placeLimit(command: LimitOrderCommand): PlacementResult {
    const problem = validateLimitOrder(command, this.config);
    if (problem !== null) return refuse(problem);
    const makers = this.resting.filter(
      (order) => order.side === oppositeOf(command.side) && acceptable(command.side, command.price, order.price),
    );
    if (command.postOnly && makers.length > 0) return refuse('orderbook.post_only_would_take');
    if (command.timeInForce === 'FOK') {
      const available = makers
        .filter((order) => order.owner !== command.owner)
        .reduce((sum, order) => sum + order.remainingSize, 0n);
      if (available < command.size) return refuse('orderbook.fok_unfillable');
    }
    const orderId = this.nextOrderId++;
    const outcome = this.takeLiquidity({
      orderId,
      owner: command.owner,
      side: command.side,
      limitPrice: command.price,
      remainingSize: command.size,
      remainingBudget: null,
    });
    const left = command.size - outcome.filledSize;
    if (left > 0n && command.timeInForce === 'GTC') {
      this.resting.push({
        orderId,
        owner: command.owner,
        side: command.side,
        price: command.price,
        originalSize: command.size,
        remainingSize: left,
        postOnly: command.postOnly,
      });
      return this.accepted(orderId, outcome, 'resting', left, 0n);
    }
    return this.accepted(orderId, outcome, left === 0n ? 'filled' : 'expired', 0n, left);
  }

  placeMarket(command: MarketOrderCommand): PlacementResult {
    const problem = validateMarketOrder(command, this.config);
    if (problem !== null) return refuse(problem);
    const orderId = this.nextOrderId++;
    const outcome = this.takeLiquidity({
      orderId,
      owner: command.owner,
      side: command.side,
      limitPrice: null,
      remainingSize: command.size,
      remainingBudget: null,
    });
    const left = command.size - outcome.filledSize;
    return this.accepted(orderId, outcome, left === 0n ? 'filled' : 'expired', 0n, left);
  }

  placeMarketByQuote(command: MarketBuyByQuoteCommand): PlacementResult {
    const problem = validateMarketBuyByQuote(command);
    if (problem !== null) return refuse(problem);
    const orderId = this.nextOrderId++;
    const budget = rescale(
      command.quoteAmount,
      this.config.quoteScale,
      this.quoteAmountScale,
      HOUSE_ROUNDING.customerReceives,
    );
    const outcome = this.takeLiquidity({
      orderId,
      owner: command.owner,
      side: 'buy',
      limitPrice: null,
      remainingSize: null,
      remainingBudget: budget,
    });
    const status: PlacementStatus = outcome.budgetExhausted && outcome.filledSize > 0n ? 'filled' : 'expired';
    return this.accepted(orderId, outcome, status, 0n, 0n);
  }

  cancel(command: CancelOrderCommand): CancelResult {
    const problem = validateCancel(command.owner, command.orderId);
    if (problem !== null) return refuse(problem);
    const index = this.resting.findIndex((order) => order.orderId === command.orderId);
    const order = this.resting[index];
    if (order === undefined) {
      return refuse(command.orderId < this.nextOrderId ? 'orderbook.order_finished' : 'orderbook.unknown_order');
    }
    if (order.owner !== command.owner) return refuse('orderbook.not_owner');
    this.resting.splice(index, 1);
    return {
      ok: true,
      type: 'cancel',
      orderId: order.orderId,
      owner: order.owner,
      side: order.side,
      price: order.price,
      cancelledSize: order.remainingSize,
    };
  }

  bestBid(): bigint | null {
    return this.depth(1).bids[0]?.price ?? null;
  }

  bestAsk(): bigint | null {
    return this.depth(1).asks[0]?.price ?? null;
  }

  depth(levels: number): DepthSnapshot {
    const count = Number.isInteger(levels) && levels > 0 ? levels : 0;
    return { bids: this.depthOf('buy').slice(0, count), asks: this.depthOf('sell').slice(0, count) };
  }

  openOrders(owner: string): OpenOrder[] {
    return this.resting.filter((order) => order.owner === owner).map((order) => ({ ...order }));
  }

  restingOrderCount(): number {
    return this.resting.length;
  }

  stateHash(): string {
    const sums: HashLanes = { laneA: 0, laneB: 0 };
    for (const order of this.resting) {
      const contribution = orderContribution(
        order.orderId,
        order.owner,
        order.side,
        order.postOnly,
        order.price,
        order.originalSize,
        order.remainingSize,
      );
      accumulate(sums, contribution, 1);
    }
    return bookStateHash(sums, this.nextOrderId, this.nextFillSequence, this.resting.length);
  }

  exportState(): BookState {
    const inPriority = (side: OrderSide): OpenOrder[] =>
      this.resting
        .filter((order) => order.side === side)
        .sort((a, b) => (hasPriority(a, b) ? -1 : 1))
        .map((order) => ({ ...order }));
    return {
      pair: this.config.pair,
      nextOrderId: this.nextOrderId,
      nextFillSequence: this.nextFillSequence,
      orders: [...inPriority('buy'), ...inPriority('sell')],
    };
  }

  /** The resting order the taker meets next: best price on the other side, oldest first. */
  private nextMaker(taker: TakerOrder): ReferenceOrder | undefined {
    let best: ReferenceOrder | undefined;
    for (const order of this.resting) {
      if (order.side !== oppositeOf(taker.side)) continue;
      if (best === undefined || hasPriority(order, best)) best = order;
    }
    return best !== undefined && acceptable(taker.side, taker.limitPrice, best.price) ? best : undefined;
  }

  private takeLiquidity(taker: TakerOrder): TakeOutcome {
    const outcome: TakeOutcome = {
      fills: [],
      selfTradeCancels: [],
      filledSize: 0n,
      filledQuoteAmount: 0n,
      budgetExhausted: false,
    };
    // Each pass removes a resting order or ends the taker.
    const passes = this.resting.length + 2;
    for (let pass = 0; pass < passes; pass++) {
      if (taker.remainingSize !== null && taker.remainingSize === 0n) break;
      const maker = this.nextMaker(taker);
      if (maker === undefined) break;
      let size = maker.remainingSize;
      if (taker.remainingBudget !== null) {
        const units = divide(
          taker.remainingBudget,
          this.quoteAmountScale,
          maker.price,
          this.config.priceScale,
          this.config.sizeScale,
          'down',
        );
        const affordable = units - (units % this.config.sizeStep);
        if (affordable === 0n) {
          outcome.budgetExhausted = true;
          break;
        }
        if (affordable < size) size = affordable;
      }
      if (taker.remainingSize !== null && taker.remainingSize < size) size = taker.remainingSize;
      if (maker.owner === taker.owner) {
        outcome.selfTradeCancels.push({
          orderId: maker.orderId,
          owner: maker.owner,
          side: maker.side,
          price: maker.price,
          cancelledSize: maker.remainingSize,
        });
        this.resting = this.resting.filter((order) => order !== maker);
        continue;
      }

      const quoteAmount = multiply(
        maker.price,
        this.config.priceScale,
        size,
        this.config.sizeScale,
        this.quoteAmountScale,
        'down', // exact: the result scale is the product's own
      );
      const feeOf = (rate: bigint): bigint =>
        multiply(
          quoteAmount,
          this.quoteAmountScale,
          rate,
          FEE_RATE_SCALE,
          this.config.quoteScale,
          HOUSE_ROUNDING.customerPays,
        );
      maker.remainingSize -= size;
      outcome.fills.push({
        sequence: this.nextFillSequence++,
        makerOrderId: maker.orderId,
        takerOrderId: taker.orderId,
        makerOwner: maker.owner,
        takerOwner: taker.owner,
        takerSide: taker.side,
        price: maker.price,
        size,
        quoteAmount,
        makerFee: feeOf(this.config.makerFeeRate),
        takerFee: feeOf(this.config.takerFeeRate),
        makerRemainingSize: maker.remainingSize,
      });
      outcome.filledSize += size;
      outcome.filledQuoteAmount += quoteAmount;
      if (taker.remainingSize !== null) taker.remainingSize -= size;
      if (taker.remainingBudget !== null) taker.remainingBudget -= quoteAmount;
      if (maker.remainingSize === 0n) this.resting = this.resting.filter((order) => order !== maker);
    }
    return outcome;
  }

  private accepted(
    orderId: number,
    outcome: TakeOutcome,
    status: PlacementStatus,
    restingSize: bigint,
    expiredSize: bigint,
  ): PlacementAccepted {
    return {
      ok: true,
      type: 'placement',
      orderId,
      status,
      filledSize: outcome.filledSize,
      filledQuoteAmount: outcome.filledQuoteAmount,
      restingSize,
      expiredSize,
      fills: outcome.fills,
      selfTradeCancels: outcome.selfTradeCancels,
    };
  }

  private depthOf(side: OrderSide): DepthLevel[] {
    const orders = this.resting.filter((order) => order.side === side).sort((a, b) => (hasPriority(a, b) ? -1 : 1));
    const levels: DepthLevel[] = [];
    let cumulativeSize = 0n;
    for (const order of orders) {
      cumulativeSize += order.remainingSize;
      const last = levels[levels.length - 1];
      if (last !== undefined && last.price === order.price) {
        levels[levels.length - 1] = {
          price: last.price,
          size: last.size + order.remainingSize,
          cumulativeSize,
          orderCount: last.orderCount + 1,
        };
      } else {
        levels.push({ price: order.price, size: order.remainingSize, cumulativeSize, orderCount: 1 });
      }
    }
    return levels;
  }
}
