/**
 * The order book's vocabulary: configuration, commands, results and snapshots. Both the engine
 * (order-book.ts) and the reference model (reference.ts) speak exactly these types, so one test suite
 * drives both and compares them value for value.
 *
 * Units: prices are integers at `priceScale` (quote per one base), sizes at `sizeScale` (base),
 * quote amounts of fills at `priceScale + sizeScale` (exact products), fees and market-buy budgets at
 * `quoteScale` (the quote currency's ledger scale). Order ids and sequences are plain counters, not money.
 */
import type { OrderBookRejectionCode } from './result-codes';

export type OrderSide = 'buy' | 'sell';

/** GTC rests its remainder; IOC drops it; FOK fills completely at once or is refused. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** Fee rates are parts per million of the quote amount: 1000n is 0.1 %. See feeRateFromDecimal. */
export const FEE_RATE_SCALE = 6;

export interface PairConfig {
  /** The pair's code, for example `BTC/USDT`; carried into snapshots so a snapshot cannot load into the wrong book. */
  readonly pair: string;
  /** Decimal digits of price units. */
  readonly priceScale: number;
  /** Decimal digits of size (base) units. */
  readonly sizeScale: number;
  /** Decimal digits of the quote currency in the ledger: fees and market-buy budgets are at this scale. */
  readonly quoteScale: number;
  /** Every limit price is a positive multiple of this. */
  readonly priceTick: bigint;
  /** Every size is a positive multiple of this. */
  readonly sizeStep: bigint;
  /** The smallest size an order may be placed with (a multiple of sizeStep). Remainders after fills may be smaller. */
  readonly minimumSize: bigint;
  /** Parts per million of the quote amount, 0..1,000,000 (no rebates: a negative fee would be money the ledger must find). */
  readonly makerFeeRate: bigint;
  readonly takerFeeRate: bigint;
}

export interface LimitOrderCommand {
  readonly type: 'limit';
  readonly owner: string;
  readonly side: OrderSide;
  readonly price: bigint;
  readonly size: bigint;
  readonly timeInForce: TimeInForce;
  /** Refused (orderbook.post_only_would_take) instead of taking; only meaningful with GTC. */
  readonly postOnly: boolean;
}

/** Takes the best prices until `size` is filled or the opposite side is empty; the rest expires. */
export interface MarketOrderCommand {
  readonly type: 'market';
  readonly owner: string;
  readonly side: OrderSide;
  readonly size: bigint;
}

/**
 * A market buy that spends at most `quoteAmount` (at quoteScale) on notional; the taker fee is charged on
 * top, so the server freezes quoteAmount plus the fee on it. What cannot buy one more size step expires.
 */
export interface MarketBuyByQuoteCommand {
  readonly type: 'market_by_quote';
  readonly owner: string;
  readonly quoteAmount: bigint;
}

export interface CancelOrderCommand {
  readonly type: 'cancel';
  readonly owner: string;
  readonly orderId: number;
}

export type PlacementCommand = LimitOrderCommand | MarketOrderCommand | MarketBuyByQuoteCommand;
export type OrderBookCommand = PlacementCommand | CancelOrderCommand;

export interface Fill {
  /** 1, 2, 3... per book, never reused: the server's idempotency key for writing the trade. */
  readonly sequence: number;
  readonly makerOrderId: number;
  readonly takerOrderId: number;
  readonly makerOwner: string;
  readonly takerOwner: string;
  readonly takerSide: OrderSide;
  /** The maker's price. */
  readonly price: bigint;
  readonly size: bigint;
  /** price x size, exact, at priceScale + sizeScale. */
  readonly quoteAmount: bigint;
  /** In the quote currency at quoteScale, rounded up (the customer pays). */
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  /** What is left of the maker order after this fill (0 when it is finished). */
  readonly makerRemainingSize: bigint;
}

/** A resting order removed because its own owner's incoming order would have traded with it. */
export interface SelfTradeCancel {
  readonly orderId: number;
  readonly owner: string;
  readonly side: OrderSide;
  readonly price: bigint;
  readonly cancelledSize: bigint;
}

export interface Rejection {
  readonly ok: false;
  readonly code: OrderBookRejectionCode;
}

/** resting: the remainder is on the book; filled: nothing left; expired: the remainder was dropped (IOC, market). */
export type PlacementStatus = 'resting' | 'filled' | 'expired';

export interface PlacementAccepted {
  readonly ok: true;
  readonly type: 'placement';
  readonly orderId: number;
  readonly status: PlacementStatus;
  readonly filledSize: bigint;
  /** Sum of the fills' quote amounts, at priceScale + sizeScale. */
  readonly filledQuoteAmount: bigint;
  readonly restingSize: bigint;
  /** Base size dropped unfilled (0 for market_by_quote, whose unspent budget is quoteAmount - filledQuoteAmount). */
  readonly expiredSize: bigint;
  readonly fills: readonly Fill[];
  readonly selfTradeCancels: readonly SelfTradeCancel[];
}

export interface CancelAccepted {
  readonly ok: true;
  readonly type: 'cancel';
  readonly orderId: number;
  readonly owner: string;
  readonly side: OrderSide;
  readonly price: bigint;
  readonly cancelledSize: bigint;
}

export type PlacementResult = PlacementAccepted | Rejection;
export type CancelResult = CancelAccepted | Rejection;
export type CommandResult = PlacementAccepted | CancelAccepted | Rejection;

export interface DepthLevel {
  readonly price: bigint;
  /** Sum of the remaining sizes at this price. */
  readonly size: bigint;
  /** Sum of `size` from the best level down to this one. */
  readonly cumulativeSize: bigint;
  readonly orderCount: number;
}

/** Both sides from the best price outward. */
export interface DepthSnapshot {
  readonly bids: readonly DepthLevel[];
  readonly asks: readonly DepthLevel[];
}

export interface OpenOrder {
  readonly orderId: number;
  readonly owner: string;
  readonly side: OrderSide;
  readonly price: bigint;
  readonly originalSize: bigint;
  readonly remainingSize: bigint;
  readonly postOnly: boolean;
}

/**
 * Everything needed to rebuild a book without replaying its history: the counters and the resting orders
 * in priority order (bids best first, then asks best first, each level oldest first).
 */
export interface BookState {
  readonly pair: string;
  readonly nextOrderId: number;
  readonly nextFillSequence: number;
  readonly orders: readonly OpenOrder[];
}

/** What both implementations offer; tests are written against this. */
export interface OrderBookEngine {
  readonly config: PairConfig;
  execute(command: OrderBookCommand): CommandResult;
  placeLimit(command: LimitOrderCommand): PlacementResult;
  placeMarket(command: MarketOrderCommand): PlacementResult;
  placeMarketByQuote(command: MarketBuyByQuoteCommand): PlacementResult;
  cancel(command: CancelOrderCommand): CancelResult;
  bestBid(): bigint | null;
  bestAsk(): bigint | null;
  depth(levels: number): DepthSnapshot;
  openOrders(owner: string): OpenOrder[];
  restingOrderCount(): number;
  /** 16 hex digits identifying the book's state (orders, sizes, counters); equal states give equal hashes. */
  stateHash(): string;
  exportState(): BookState;
}
