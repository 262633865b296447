// Endpoints of Coin-to-coin orders, depth and trades: features/bibi (issue 6). Exported from endpoints/index.ts.
//
// Coin-to-coin ("bibi") orders match other customers' orders in one price-time-priority order book per
// pair. A pair is a crypto product (productType 2) whose PositionType contains 3, quoted in USDT: the
// product X:BTCUSD trades as BTC/USDT. Orders, depth and trades of the platform's market maker (a real,
// platform-funded account quoting around the simulator's reference price) carry `marketMaker: true`.
//
// Every order POST (buy, sell, cancel) also takes an `Idempotency-Key` header (at most 100 characters,
// one per customer action): a replay returns the first answer and changes nothing. An answer of code 200
// means the order (or cancel) is durable: committed with its funds and its book command before it is sent.
//
// This file is additive-only: fields and endpoints may be added, never renamed or removed.
import { z } from 'zod';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { decimalString, recordId } from './shapes';

/** orderMethod of API-FACTS: 0 limit (needs productPrice; the remainder rests), 1 market (fills now, the rest expires). */
export const ORDER_METHOD = { limit: 0, market: 1 } as const;
/** orderDirection of an order: 0 buy (base coin for USDT), 1 sell (base coin for USDT). */
export const ORDER_DIRECTION = { buy: 0, sell: 1 } as const;
/**
 * Order status: 0 open (resting on the book, possibly partly filled), 1 filled, 2 cancelled (by the customer,
 * or by self-trade prevention), 3 expired (the unfilled rest of a market or IOC order, or a market order
 * that met an empty book). A finished order (1, 2, 3) never changes again.
 */
export const BIBI_ORDER_STATUS = { open: 0, filled: 1, cancelled: 2, expired: 3 } as const;
/** Time in force of a limit order: GTC rests its remainder, IOC drops it, FOK fills completely or is refused. */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
/** Why an order was cancelled: by its owner's request, or because its owner's newer order would have traded with it. */
export const CANCEL_REASONS = ['customer', 'self_trade'] as const;
/** The most depth levels per side one REST call or one snapshot carries. */
export const DEPTH_LEVELS_MAX = 100;
/** Depth levels per side when `levels` is not given. */
export const DEPTH_LEVELS_DEFAULT = 20;
/** The most trades `bibiTradeOrder/trades` answers. */
export const RECENT_TRADES_MAX = 100;
/** The product type every pair has (crypto). */
export const BIBI_PRODUCT_TYPE = 2;
/** Open (status 0) orders one customer may have on one pair; placing more is refused (error.bibi_open_orders_limit). */
export const OPEN_ORDERS_PER_PAIR_MAX = 200;

/** Prices, volumes and amounts stay text here: the server parses them at the pair's scale and refuses precisely. */
const decimalText = z.string().trim().min(1).max(40);
const productCode = z.string().trim().min(1).max(32);
const flagInput = z.coerce.number().int().min(0).max(1);

// ---------------------------------------------------------------- pairs

export const bibiPair = z.object({
  /** The product code the pair trades under, e.g. `X:BTCUSD` (BTC/USDT). */
  productCode: z.string(),
  /** The product's id (cryptocurrencyProduct/list). */
  productId: z.number().int(),
  /** Always 2 (crypto). */
  productType: z.number().int(),
  /** The product's name in the request's language. */
  productName: z.string(),
  /** `BTC/USDT`: base coin / quote currency. */
  pair: z.string(),
  /** platformCurrency id of the base coin (what is bought and sold). */
  baseCurrencyId: z.number().int(),
  /** The base coin's name, e.g. `BTC`. */
  baseCurrencyName: z.string(),
  /** platformCurrency id of the quote currency: always 3 (USDT). */
  quoteCurrencyId: z.number().int(),
  /** `USDT`. */
  quoteCurrencyName: z.string(),
  /** Decimal digits of prices (the digits of tickSize). */
  priceScale: z.number().int(),
  /** Decimal digits of volumes (the digits of volumeStep). */
  volumeScale: z.number().int(),
  /** Every limit price is a positive multiple of this (USDT per coin), e.g. "0.01". */
  tickSize: decimalString,
  /** Every order volume is a positive multiple of this (coins), e.g. "0.00001". */
  volumeStep: decimalString,
  /** The smallest volume an order may be placed with (coins); a remainder after fills may be smaller. */
  minimumVolume: decimalString,
  /**
   * Fee rate of the resting (maker) side of a fill, as a fraction of the fill's USDT amount ("0.001" = 0.1 %).
   * Mapped from the order fee settings of crypto coin-to-coin: the lower of the buy and sell rates.
   */
  makerFeeRate: decimalString,
  /** Fee rate of the incoming (taker) side: the higher of the coin-to-coin buy and sell rates. Charged in USDT. */
  takerFeeRate: decimalString,
  /** The simulator's (or feed's) latest price for the product, the market maker's reference; null before the first tick. */
  referencePrice: decimalString.nullable(),
  /** True while the reference price comes from the simulator: say so wherever it is shown. */
  simulated: z.boolean(),
  /** Price of the pair's last trade on this exchange; null before its first trade. */
  lastPrice: decimalString.nullable(),
  /** False while the pair is halted (its book failed the rebuild check at start): orders are refused. */
  trading: z.boolean(),
});
export type BibiPair = z.infer<typeof bibiPair>;

export const pairs = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/pairs',
  summary: 'Coin-to-coin pairs with tick size, volume step, minimum volume and maker/taker fee rates',
  tag: 'bibi',
  auth: 'public',
  answer: { kind: 'rows', schema: bibiPair },
});

// ---------------------------------------------------------------- orders

export const bibiFill = z.object({
  /** The trade's id: its fill sequence in the pair's book (1, 2, 3... per pair). */
  tradeId: z.number().int(),
  /** The maker's price (USDT per coin). */
  price: decimalString,
  /** Coins traded. */
  volume: decimalString,
  /** price x volume in USDT, exact (before fees). */
  amount: decimalString,
  /** What this order paid for this fill, in USDT, rounded up. */
  fee: decimalString,
  /** Whether this order was resting (maker) or incoming (taker) in this fill. */
  role: z.enum(['maker', 'taker']),
  /** True when the other side of this fill was the platform's market maker. */
  counterpartyMarketMaker: z.boolean(),
  /** Epoch milliseconds of the fill. */
  time: z.number().int(),
});
export type BibiFill = z.infer<typeof bibiFill>;

export const bibiOrder = z.object({
  /** bibiTradeOrderId: what cancel and detail take. */
  id: z.number().int(),
  productCode: z.string(),
  /** `BTC/USDT`. */
  pair: z.string(),
  /** 0 buy, 1 sell (ORDER_DIRECTION). */
  orderDirection: z.number().int(),
  /** 0 limit, 1 market (ORDER_METHOD). */
  orderMethod: z.number().int(),
  /** GTC, IOC or FOK (market orders show IOC: whatever cannot fill at once expires). */
  timeInForce: z.enum(TIME_IN_FORCE),
  /** 1 when the limit order was post-only (refused instead of taking). */
  postOnly: z.number().int(),
  /** The limit price (USDT per coin); null for a market order. */
  productPrice: decimalString.nullable(),
  /** Coins ordered; null for a market buy placed by USDT amount (see orderAmount). */
  orderVolume: decimalString.nullable(),
  /** The USDT budget of a market buy (fee charged on top); null otherwise. */
  orderAmount: decimalString.nullable(),
  /** Coins filled so far. */
  filledVolume: decimalString,
  /** USDT traded so far: the sum of the fills' price x volume, before fees. */
  filledAmount: decimalString,
  /** filledAmount / filledVolume rounded to the pair's price scale; null before the first fill. */
  averagePrice: decimalString.nullable(),
  /** Coins still resting on the book (0 once finished). */
  remainingVolume: decimalString,
  /** Fees paid so far, in USDT. */
  feeAmount: decimalString,
  /** What the order still holds frozen: USDT for a buy, the base coin for a sell (0 once finished). */
  frozenAmount: decimalString,
  /** platformCurrency id of what frozenAmount is in. */
  frozenCurrencyId: z.number().int(),
  /** 0 open, 1 filled, 2 cancelled, 3 expired (BIBI_ORDER_STATUS). */
  status: z.number().int(),
  /** Why a cancelled order was cancelled (CANCEL_REASONS); null unless status is 2. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** True when the order is the platform's market maker's (only the market maker sees its own orders). */
  marketMaker: z.boolean(),
  /** Epoch milliseconds. */
  createTime: z.number().int(),
  /** Epoch milliseconds of the last change (a fill, a cancel). */
  updateTime: z.number().int(),
  /** Epoch milliseconds when it became filled, cancelled or expired; null while open. */
  finishTime: z.number().int().nullable(),
});
export type BibiOrder = z.infer<typeof bibiOrder>;

/** One order with its fills, oldest fill first. */
export const bibiOrderDetail = bibiOrder.extend({
  /** Every fill of this order, oldest first (an order has at most a few hundred: it is bounded by its volume steps). */
  fills: z.array(bibiFill),
});
export type BibiOrderDetail = z.infer<typeof bibiOrderDetail>;

/** The pair an order is for (buy and sell alike). */
const orderPair = {
  /** The pair's product code, e.g. X:BTCUSD. */
  productCode,
  /** Must be 2 (crypto); anything else is an unknown pair. */
  productType: z.coerce.number().int().min(1).max(4),
};

/** How an order is priced, buy and sell alike: limit or market, the limit price and the limit options. */
const orderPricing = {
  /** 0 limit, 1 market. */
  orderMethod: z.coerce.number().int().min(0).max(1),
  /** The limit price (USDT per coin, on the pair's tick); required for limit, ignored for market. */
  productPrice: decimalText.optional(),
  // The limit options are ours (the original had none).
  /** GTC (default), IOC or FOK; only for limit orders. */
  timeInForce: z.enum(TIME_IN_FORCE, { message: 'error.bibi_time_in_force_invalid' }).default('GTC'),
  /** 1: refuse the order (error.bibi_post_only_would_take) instead of letting it take; GTC limit orders only. */
  postOnly: flagInput.default(0),
};

export const buy = defineEndpoint({
  method: 'POST',
  path: '/api/bibiTradeOrder/buy',
  summary:
    'Buy the base coin with USDT. Limit (orderMethod 0): productPrice and orderVolume (coins) or orderAmount (USDT, turned into whole volume steps, rounded down); freezes price x volume + the taker fee. Market (orderMethod 1): orderAmount is the USDT budget, the taker fee is charged on top; freezes budget + fee, releases what is not spent. Needs an Idempotency-Key header.',
  tag: 'bibi',
  auth: 'user',
  idempotent: true,
  body: z.object({
    ...orderPair,
    /** USDT: the budget of a market buy; for a limit buy the total before fees when orderVolume is not given. */
    orderAmount: decimalText.optional(),
    /** Coins to buy (ours): for a limit buy, instead of orderAmount. Market buys take orderAmount only. */
    orderVolume: decimalText.optional(),
    ...orderPricing,
  }),
  answer: { kind: 'data', schema: bibiOrderDetail },
});

export const sell = defineEndpoint({
  method: 'POST',
  path: '/api/bibiTradeOrder/sell',
  summary:
    'Sell orderVolume coins for USDT. Limit (orderMethod 0) needs productPrice and rests its remainder; market (orderMethod 1) fills against the bids now and the rest expires. Freezes the volume; the fee (USDT) is taken from the proceeds. Needs an Idempotency-Key header.',
  tag: 'bibi',
  auth: 'user',
  idempotent: true,
  body: z.object({
    ...orderPair,
    /** Coins to sell: a multiple of the volume step, at least the minimum volume. */
    orderVolume: decimalText,
    ...orderPricing,
  }),
  answer: { kind: 'data', schema: bibiOrderDetail },
});

export const cancel = defineEndpoint({
  method: 'POST',
  path: '/api/bibiTradeOrder/cancel',
  summary:
    'Cancel one of my open orders: its remainder leaves the book and what it still holds frozen returns to available. Needs an Idempotency-Key header.',
  tag: 'bibi',
  auth: 'user',
  idempotent: true,
  body: z.object({
    /** The order's id (bibiOrder.id). */
    bibiTradeOrderId: recordId,
  }),
  answer: { kind: 'data', schema: bibiOrderDetail },
});

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/list',
  summary: 'My coin-to-coin orders, newest first; filter by pair and status',
  tag: 'bibi',
  auth: 'user',
  query: pageQuery.extend({
    /** Only this pair. */
    productCode: productCode.optional(),
    /** Only this status (0 open, 1 filled, 2 cancelled, 3 expired). */
    status: statusFilter(BIBI_ORDER_STATUS),
    /** 1: only finished orders (filled, cancelled, expired), for the history tab; ignored when status is given. */
    finished: flagInput.optional(),
  }),
  answer: { kind: 'rows', schema: bibiOrder },
});

export const detail = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/detail',
  summary: 'One of my orders with its fills',
  tag: 'bibi',
  auth: 'user',
  query: z.object({
    /** The order's id (bibiOrder.id). */
    id: recordId,
  }),
  answer: { kind: 'data', schema: bibiOrderDetail },
});

// ---------------------------------------------------------------- market data

export const depthLevel = z.object({
  /** USDT per coin. */
  price: decimalString,
  /** Coins resting at this price. */
  volume: decimalString,
  /** Sum of volume from the best level down to this one. */
  cumulativeVolume: decimalString,
  /** Orders resting at this price. */
  orderCount: z.number().int(),
  /** True when some of this level is the platform's market maker's (shown as a badge). */
  marketMaker: z.boolean(),
  /** The market maker's part of volume ("0" when marketMaker is false). */
  marketMakerVolume: decimalString,
});
export type DepthLevel = z.infer<typeof depthLevel>;

/**
 * A pair's book at one sequence (the count of commands it has accepted), one side per array: the
 * REST snapshot and the `depth:<code>` updates share it, with whole levels and changed levels.
 */
function bookSides<Level extends z.ZodType>(level: Level) {
  return z.object({
    productCode: z.string(),
    sequence: z.number().int(),
    bids: z.array(level),
    asks: z.array(level),
    /** Epoch milliseconds. */
    time: z.number().int(),
  });
}

/**
 * Bids best (highest) first, asks best (lowest) first, time when the snapshot was taken. Increments on
 * `depth:<code>` carry the next sequences: apply those with sequence > this one, in order.
 */
export const depthSnapshot = bookSides(depthLevel);
export type DepthSnapshot = z.infer<typeof depthSnapshot>;

export const depth = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/depth',
  summary: `The pair's order book: bids and asks with cumulative volume, best first (levels 1 to ${DEPTH_LEVELS_MAX} per side)`,
  tag: 'bibi',
  auth: 'public',
  query: z.object({
    /** The pair's product code. */
    productCode,
    /** Levels per side. */
    levels: z.coerce.number().int().min(1).max(DEPTH_LEVELS_MAX).default(DEPTH_LEVELS_DEFAULT),
  }),
  answer: { kind: 'data', schema: depthSnapshot },
});

export const bibiTrade = z.object({
  /** The fill sequence of the pair's book: increasing, never reused. */
  tradeId: z.number().int(),
  productCode: z.string(),
  /** USDT per coin (the maker's price). */
  price: decimalString,
  /** Coins traded. */
  volume: decimalString,
  /** price x volume in USDT. */
  amount: decimalString,
  /** The taker's side: 0 buy (the price went up into the asks), 1 sell. */
  takerDirection: z.number().int(),
  /** True when either side of the trade was the platform's market maker (shown as a badge). */
  marketMaker: z.boolean(),
  /** Epoch milliseconds. */
  time: z.number().int(),
});
export type BibiTrade = z.infer<typeof bibiTrade>;

export const trades = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/trades',
  summary: `The pair's recent trades, newest first (at most ${RECENT_TRADES_MAX})`,
  tag: 'bibi',
  auth: 'public',
  query: z.object({
    /** The pair's product code. */
    productCode,
    /** How many, newest first. */
    limit: z.coerce.number().int().min(1).max(RECENT_TRADES_MAX).default(50),
  }),
  answer: { kind: 'data', schema: z.array(bibiTrade) },
});

export const bibiTicker = z.object({
  productCode: z.string(),
  /** Price of the last trade; null before the pair's first trade. */
  lastPrice: decimalString.nullable(),
  /** Price of the first trade of the last 24 hours; null when there was none. */
  openPrice24h: decimalString.nullable(),
  /** Highest and lowest trade prices of the last 24 hours; null when there was none. */
  highPrice24h: decimalString.nullable(),
  lowPrice24h: decimalString.nullable(),
  /** (lastPrice - openPrice24h) / openPrice24h, rounded to 4 decimals; "0" when there was no trade. */
  changeRate24h: decimalString,
  /** Coins traded in the last 24 hours (minute buckets: the window moves by whole minutes). */
  volume24h: decimalString,
  /** USDT traded in the last 24 hours. */
  amount24h: decimalString,
  /** Trades in the last 24 hours. */
  tradeCount24h: z.number().int(),
  /** Best bid and ask now; null when that side is empty. */
  bestBid: decimalString.nullable(),
  bestAsk: decimalString.nullable(),
  /** Epoch milliseconds. */
  time: z.number().int(),
});
export type BibiTicker = z.infer<typeof bibiTicker>;

export const ticker = defineEndpoint({
  method: 'GET',
  path: '/api/bibiTradeOrder/ticker',
  summary: "The pair's exchange ticker: last trade price, 24 h high, low, volume and amount, best bid and ask",
  tag: 'bibi',
  auth: 'public',
  query: z.object({
    /** The pair's product code. */
    productCode,
  }),
  answer: { kind: 'data', schema: bibiTicker },
});

// ---------------------------------------------------------------- WebSocket

/**
 * Public topics (subscribe with `{"op":"subscribe","topics":[...]}`; messages arrive as `{topic, data}`):
 * - `depth:<code>`: DepthUpdate after every accepted command of the pair's book. Fetch
 *   `bibiTradeOrder/depth` (which gives `sequence`), drop updates with sequence <= it, then apply each update
 *   whose sequence is exactly the previous + 1. On a gap (a slow connection receives only the latest
 *   message per topic), fetch the REST depth again.
 * - `trades:<code>`: TradesMessage, the trades of one command, oldest first.
 * - `bibiTicker:<code>`: BibiTicker after every command that traded.
 * Private (after `{"op":"auth","token"}`): `private:bibiOrders`, one OrderUpdate per changed order of yours.
 */
// The topic names live in a module without schemas (topics.ts), so the phone can use them without zod.
export { BIBI_PRIVATE_TOPIC, BIBI_TOPIC_PREFIXES, depthTopic, tickerTopic, tradesTopic } from '../topics';

/**
 * One changed level: its new totals (what now rests at the price), without the cumulative volume.
 * volume "0" (and orderCount 0) removes the level.
 */
export const depthLevelChange = depthLevel.omit({ cumulativeVolume: true });
export type DepthLevelChange = z.infer<typeof depthLevelChange>;

/**
 * `data` of a `depth:<code>` message: the changed bid and ask levels (any order), and this update's
 * sequence, exactly one more than the previous update's. Recompute cumulative volume after applying.
 */
export const depthUpdate = bookSides(depthLevelChange);
export type DepthUpdate = z.infer<typeof depthUpdate>;

/** `data` of a `trades:<code>` message. */
export const tradesMessage = z.object({
  productCode: z.string(),
  /** Oldest first. */
  trades: z.array(bibiTrade),
});
export type TradesMessage = z.infer<typeof tradesMessage>;

/** `data` of a `private:bibiOrders` message: the order as it is now and the fills this change added. */
export const orderUpdate = z.object({
  order: bibiOrder,
  /** Fills added by this change, oldest first (empty for a placement that did not trade, or a cancel). */
  fills: z.array(bibiFill),
});
export type OrderUpdate = z.infer<typeof orderUpdate>;
