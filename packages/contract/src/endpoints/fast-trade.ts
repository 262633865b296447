// Endpoints of Fast trades: features/fast-trade (issue 5). fastTradeOrderOptions/list lives in launch.ts.
// Exported from endpoints/index.ts as `fastTrade`.
//
// A fast trade bets that a product's price is higher (up) or lower (down) after a fixed duration.
// The stake (`orderPrice`) is held (shown as frozen) and a fee of the stake is charged on top at
// open; at expiry the recorded open tick's price is compared with the tick at the expiry time:
// a win pays stake + stake x winRatio, a loss keeps the stake (loseMoneyMethod 0) or stake x
// loseRatio of it (loseMoneyMethod 1, the rest comes back), a tie returns the stake (the fee is kept).
// Every money movement is a ledger entry that records the tick it used. There is no per-order or
// per-user outcome control and no random payout ratio (API-FACTS "Fast trades", ours).
//
// The money-moving POST takes an `Idempotency-Key` header: a replay returns the first answer.
//
// WebSocket: after `{op:'auth', token}`, subscribe to `private:fastOrders`; each message's `data`
// is a `FastOrderPush` (`{ event: 'opened' | 'settled', order }`), `order` being the same record
// as `fastTradeOrder/detail` answers.
import { z } from 'zod';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { decimalString, flag } from './shapes';

/** Order status: 0 open (waiting for its expiry), 1 settled. */
export const FAST_TRADE_STATUS = { open: 0, settled: 1 } as const;
/** Settlement result: 1 won, 2 lost, 3 tied (stake returned, fee kept). Null while open. */
export const FAST_TRADE_RESULT = { won: 1, lost: 2, tied: 3 } as const;
/** orderDirection: 0 up (wins when the expiry price is above the open price), 1 down (wins below). */
export const FAST_TRADE_DIRECTION = { up: 0, down: 1 } as const;
/** loseMoneyMethod: 0 a loss loses the whole stake, 1 a loss loses stake x loseRatio and returns the rest. */
export const LOSE_MONEY_METHOD = { wholeStake: 0, percentage: 1 } as const;
/** durationLabel (SPEC §3 units): 0 seconds (S=1), 1 minutes (M=60), 2 hours (H=3600), 3 days (D=86400). */
export const DURATION_LABEL = { seconds: 0, minutes: 1, hours: 2, days: 3 } as const;
/** Seconds per unit of each durationLabel, indexed by the label (SPEC §3: S=1, M=60, H=3600, D=86400). */
export const DURATION_LABEL_SECONDS = [1, 60, 3600, 86400] as const;
/** The letter the app shows after durationValue, indexed by the label: 30S, 1M, 1H, 1D. */
export const DURATION_LABEL_LETTERS = ['S', 'M', 'H', 'D'] as const;

/** Ids arrive as form or query strings; bounded to the database's 32-bit integer ids. */
const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** The stake stays text here: the server parses it at the currency's scale and refuses with a precise key. */
const amountText = z.string().trim().min(1).max(60);

/** One fast trade as the customer sees it: list rows, detail, the add answer and WebSocket pushes. */
export const fastTradeOrderRecord = z.object({
  /** The order's id (`fastTradeOrder/detail?id`). */
  id: z.number().int(),
  /** The option the order was placed with (`fastTradeOrderOptions/list` id). */
  fastTradeOrderOptionsId: z.number().int(),
  /** The product traded, e.g. `X:BTCUSD`. */
  productCode: z.string(),
  /** 1 US stock, 2 crypto, 3 futures, 4 forex. */
  productType: z.number().int(),
  /** The product's name in the request's language. */
  productName: z.string(),
  /** 0 up, 1 down. */
  orderDirection: z.number().int(),
  /** The stake, in the trade currency. */
  orderPrice: decimalString,
  /** The fee charged on top of the stake at open (stake x feeRate, rounded up); never refunded. */
  fee: decimalString,
  /** The order fee setting's rate that priced the fee (position type 0, the side of the direction). */
  feeRate: decimalString,
  /** The trade currency (platform currency id; 3 is USDT). */
  currencyId: z.number().int(),
  /** The trade currency's name, e.g. `USDT`. */
  currencyName: z.string(),
  /** The option's duration when the order was placed: durationValue units of durationLabel. */
  durationValue: z.number().int(),
  /** 0 seconds, 1 minutes, 2 hours, 3 days (S, M, H, D). */
  durationLabel: z.number().int(),
  /** durationValue x the label's seconds: the whole duration in seconds. */
  durationSeconds: z.number().int(),
  /** The option's win ratio when the order was placed (later edits do not change an open order): a win pays stake x (1 + winRatio). */
  winRatio: decimalString,
  /** The option's lose ratio when the order was placed: with loseMoneyMethod 1 a loss takes stake x loseRatio. */
  loseRatio: decimalString,
  /** 0 a loss loses the whole stake, 1 a loss loses stake x loseRatio. */
  loseMoneyMethod: z.number().int(),
  /** The price of the open tick (the feed's last tick when the order was accepted). */
  openPrice: decimalString,
  /** The open tick's id, `<productCode>#<seq>`, as the open's journal entry records it. */
  openTickId: z.string(),
  /** Where the open tick came from (e.g. `simulator`). */
  openTickSource: z.string(),
  /** When the order was accepted (ms since the epoch). */
  openTime: z.number().int(),
  /** openTime + durationSeconds: the order settles on the last tick at or before this time. */
  expiryTime: z.number().int(),
  /** 0 open, 1 settled. */
  status: z.number().int(),
  /** 1 won, 2 lost, 3 tied; null while open. */
  result: z.number().int().nullable(),
  /** The expiry tick's price; null while open. */
  settlePrice: decimalString.nullable(),
  /** The expiry tick's id, `<productCode>#<seq>` (`<productCode>#history@<time>` when rebuilt from candle history after a restart); null while open. */
  settleTickId: z.string().nullable(),
  /** Where the expiry tick came from (`simulator`, or `simulator:history` when rebuilt after a restart); null while open. */
  settleTickSource: z.string().nullable(),
  /** When the settlement was written (at or after expiryTime; later when the server was down at expiry). */
  settleTime: z.number().int().nullable(),
  /**
   * What settlement returned to the available balance: won stake + stake x winRatio; lost 0
   * (method 0) or stake - stake x loseRatio (method 1); tied the stake. Null while open.
   */
  payout: decimalString.nullable(),
  /** payout - stake: the trade's result before the fee (negative for a loss). Null while open. */
  profit: decimalString.nullable(),
  /** The journal entry of the open, as the statement shows it. */
  openEntryId: z.number().int(),
  /** The journal entry of the settlement; null while open. */
  settleEntryId: z.number().int().nullable(),
  /** 1 when the money is demo money (the demo book). */
  demo: flag,
  /** True while the prices come from the simulator: the app labels them simulated. */
  simulated: z.boolean(),
  /** The server's clock when this answer was made (ms since the epoch), so the app can count down to expiryTime. */
  serverTime: z.number().int(),
});
export type FastTradeOrderRecord = z.infer<typeof fastTradeOrderRecord>;

/** What `private:fastOrders` carries: a new order, or one that just settled. */
export const fastOrderPush = z.object({
  /** opened: the customer placed it; settled: the job settled it. */
  event: z.enum(['opened', 'settled']),
  /** The order as it is after the event. */
  order: fastTradeOrderRecord,
});
export type FastOrderPush = z.infer<typeof fastOrderPush>;

export const addFastTradeOrder = defineEndpoint({
  method: 'POST',
  path: '/api/fastTradeOrder/addFastTradeOrder',
  summary:
    'Place a fast trade: the stake (orderPrice) is held and the fee charged on top at the live price; it settles at expiry on the recorded ticks. Needs an Idempotency-Key header',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  body: z.object({
    /** An option of `fastTradeOrderOptions/list`: product, duration, ratios and limits. */
    fastTradeOrderOptionsId: id,
    /** 0 up, 1 down. */
    orderDirection: z.coerce.number().int().min(0).max(1),
    /** The stake, a decimal string within the option's [minBuyAmount, maxBuyAmount]. */
    orderPrice: amountText,
  }),
  answer: { kind: 'data', schema: fastTradeOrderRecord },
});

export const fastTradeOrderList = defineEndpoint({
  method: 'GET',
  path: '/api/fastTradeOrder/list',
  summary: "The customer's own fast trades, newest first, open and settled; each row carries serverTime",
  tag: 'trade',
  auth: 'user',
  query: pageQuery.extend({
    /** Only open (0) or only settled (1) orders; both when absent. */
    status: statusFilter(FAST_TRADE_STATUS),
    /** Only one product's orders. */
    productCode: z.string().min(1).max(32).optional(),
  }),
  answer: { kind: 'rows', schema: fastTradeOrderRecord },
});

export const fastTradeOrderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/fastTradeOrder/detail',
  summary: "One of the customer's own fast trades (another customer's reads as not found)",
  tag: 'trade',
  auth: 'user',
  query: z.object({
    /** The order's id. */
    id,
  }),
  answer: { kind: 'data', schema: fastTradeOrderRecord },
});

/** A product's published fast-trade figures (`fastTradeOrder/statistics`). */
export const fastTradeStatisticsRecord = z.object({
  /** The product these figures are about. */
  productCode: z.string(),
  /** The trade currency the amounts are in. */
  currencyId: z.number().int(),
  /** The trade currency's name. */
  currencyName: z.string(),
  /** Settled orders that won. */
  ordersWon: z.number().int(),
  /** Settled orders that lost. */
  ordersLost: z.number().int(),
  /** Settled orders that tied (stake returned). */
  ordersTied: z.number().int(),
  /** Orders still waiting for their expiry. */
  ordersOpen: z.number().int(),
  /** Sum of the stakes of the settled orders. */
  totalStaked: decimalString,
  /** Sum of what settlement returned to customers (stakes back included). */
  totalPaidOut: decimalString,
  /** Fees paid on the settled orders. */
  totalFees: decimalString,
  /** What customers gained (positive) or lost (negative) on settled orders: payouts - stakes - fees. */
  customersNetResult: decimalString,
  /** Customers' result before fees: payouts - stakes. */
  customersNetResultBeforeFees: decimalString,
  /** wins / (wins + losses) as a percentage with 2 decimals ("0.00" when there are none); ties left out. */
  winRatePercent: decimalString,
  /** The server's clock when these figures were computed. */
  serverTime: z.number().int(),
});
export type FastTradeStatistics = z.infer<typeof fastTradeStatisticsRecord>;

export const fastTradeStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/fastTradeOrder/statistics',
  summary:
    "A product's published fast-trade statistics over all customers (real money only): orders won, lost and tied, and customers' net result",
  tag: 'trade',
  auth: 'public',
  query: z.object({
    /** The product, e.g. `X:BTCUSD`. */
    productCode: z.string().min(1).max(32),
  }),
  answer: {
    kind: 'data',
    schema: fastTradeStatisticsRecord,
  },
});
