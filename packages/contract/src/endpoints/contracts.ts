// Endpoints of Leveraged contract positions: features/trading (issue 5). Exported from endpoints/index.ts.
// Contracts are position type 1: long or short with leverage; the house is the counterparty. Margin
// moves from available to margin; take-profit, stop-loss and liquidation fire from the price index on
// every tick and record that tick. Every money-moving POST also takes an `Idempotency-Key` header: a
// replay returns the first answer.
import { z } from 'zod';
import { CLOSE_REASONS } from '../kinds/close-reasons';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { decimalString, flag, productType, recordId } from './shapes';

/** Amounts and prices stay text until the server parses them at their scale (DESIGN.md §2). */
const decimalText = z.string().trim().min(1).max(64);
/** JSON clients may send a number; it is turned into text at once and parsed exactly by the server. */
const decimalInput = z
  .union([decimalText, z.number().finite()])
  .transform((value) => String(value).trim())
  .pipe(decimalText);
/** An optional price level: absent, null or "" means "no level". */
const optionalLevel = z
  .union([decimalInput, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? undefined : value));
const productCode = z.string().trim().min(1).max(32);
/** A position's take-profit and stop-loss, as an order sets them and as they are changed later. */
const stopLevels = {
  /** Optional take-profit price: above the live price for a long, below for a short. */
  stopProfitPrice: optionalLevel,
  /** Optional stop-loss price: below the live price for a long, above for a short. */
  stopLossPrice: optionalLevel,
};

/** orderDirection: 0 long (profits when the price rises), 1 short (profits when it falls). */
export const ORDER_DIRECTION = { long: 0, short: 1 } as const;
/** Position status: 0 open, 1 closed. */
export const POSITION_STATUS = { open: 0, closed: 1 } as const;
export { CLOSE_REASONS, type CloseReason } from '../kinds/close-reasons';
/** Liquidation methods: 1 floating loss reaches (balance + margin) x ratio; 2 it reaches margin x ratio; 3 never. */
export const LIQUIDATION_METHODS = [1, 2, 3] as const;

/** A trading window in UTC on one weekday: from <= time of day < to. */
export const tradingWindow = z.object({
  /** 0 Sunday ... 6 Saturday (UTC). */
  weekday: z.number().int().min(0).max(6),
  /** "HH:MM", UTC, inclusive. */
  from: z.string(),
  /** "HH:MM", UTC, exclusive; "24:00" is the end of the day. */
  to: z.string(),
});

/** What one order of a product may be: the bounds customers see and operators set. */
export const orderBounds = z.object({
  /** Smallest and largest quantity one contract order or spot buy may have (product quantity scale). */
  minQuantity: decimalString,
  maxQuantity: decimalString,
  /** Smallest and largest margin one contract order may put up. */
  minMargin: decimalString,
  maxMargin: decimalString,
  /** Largest share of the available balance one order (margin + fee, or spot cost + fee) may use, as a fraction ("0.9"). */
  maxBalanceShare: decimalString,
  /** Seconds a contract position must be held before the customer may close it (triggers are not bound by it). */
  minHoldSeconds: z.number().int(),
});

/** The product's trade settings (ours), as the trade screen needs them. Money in USDT. */
export const productTradeSetting = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productType: z.number().int(),
  /** The position types this product trades in ("/"-separated: 0 fast, 1 contract, 2 spot, 3 coin-to-coin). */
  positionTypes: z.string(),
  /** 1 when trading in the product is suspended. */
  isLock: flag,
  /** Allowed leverages, "/"-separated, as the original stored them (e.g. "1/2/5/10/20/50/100"). */
  leverList: z.string(),
  /** The same list, parsed, ascending. */
  levers: z.array(z.number().int()),
  ...orderBounds.shape,
  /** 1 liquidation when floating loss reaches (available + margin) x ratio; 2 when it reaches margin x ratio; 3 never. */
  liquidationMethod: z.number().int(),
  /** The liquidation ratio as a fraction ("0.8" = 80%). */
  liquidationRatio: decimalString,
  /** True when no windows are configured: trading follows the product's market session only. */
  followsMarketSession: z.boolean(),
  /** Configured trading windows (UTC); trading also needs the market session to be open. Empty when followsMarketSession. */
  tradingWindows: z.array(tradingWindow),
  /** Whether the market session is open now and now falls in a trading window: whether an order would be accepted. */
  tradingOpen: z.boolean(),
  /** Fee rates of the order fee settings that apply, as fractions; null when the settings do not define one (such a trade is refused). */
  contractOpenFeeRate: decimalString.nullable(),
  /** Closing fee rate: charged on the margin at close. */
  contractCloseFeeRate: decimalString.nullable(),
  spotBuyFeeRate: decimalString.nullable(),
  spotSellFeeRate: decimalString.nullable(),
  /** Product scales, so the form can round what it shows. */
  priceScale: z.number().int(),
  quantityScale: z.number().int(),
  /** Units of the underlying per quantity unit (futures multiplier; 1 otherwise): notional = price x quantity x contractSize. */
  contractSize: decimalString,
  /** The live price, or null when the feed has none. */
  nowPrice: decimalString.nullable(),
  simulated: z.boolean(),
});
export type ProductTradeSetting = z.infer<typeof productTradeSetting>;

export const productTradeSettingDetail = defineEndpoint({
  method: 'GET',
  path: '/api/productTradeSetting/detail',
  summary:
    'The trade settings of one product (ours): leverages, limits, minimum holding time, windows, liquidation and fee rates',
  tag: 'trade',
  auth: 'optional',
  query: z.object({ productCode }),
  answer: { kind: 'data', schema: productTradeSetting },
});

/** One contract position. Money fields are in USDT (the unified trade currency). */
export const position = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productCode: z.string(),
  /** In the request's language when the product has a translation. */
  productName: z.string(),
  productType: z.number().int(),
  /** 0 long, 1 short. */
  orderDirection: z.number().int(),
  /** The leverage chosen from the product's list. */
  orderLever: z.number().int(),
  /** Quantity held: notional / (openPrice x contractSize), rounded down to the product's quantity scale. */
  orderNum: decimalString,
  /** The live price the position opened at. */
  openPrice: decimalString,
  /** openPrice x orderNum x contractSize: the notional actually opened. */
  orderTotalPrice: decimalString,
  /** orderTotalPrice / orderLever, rounded up: moved from available to margin while open. */
  marginAmount: decimalString,
  /** The contract buy (opening) fee rate, as a fraction. */
  openFeeRate: decimalString,
  /** orderTotalPrice x openFeeRate, rounded up, paid at opening on top of the margin. */
  openFee: decimalString,
  /** Take-profit level, or null. Above openPrice for a long, below for a short. */
  stopProfitPrice: decimalString.nullable(),
  /** Stop-loss level, or null. Below openPrice for a long, above for a short. */
  stopLossPrice: decimalString.nullable(),
  /**
   * The price at which the position is liquidated, or null for method 3 or when it cannot be reached.
   * Fixed at opening: method 1's limit uses the available balance left right after opening.
   */
  liquidationPrice: decimalString.nullable(),
  /** The tick that priced the opening: `<productCode>#<seq>`, and its source. */
  openTickId: z.string(),
  openTickSource: z.string(),
  openTime: z.number().int(),
  /** The earliest time the customer may close it by hand (openTime + minHoldSeconds). */
  closableTime: z.number().int(),
  /** 0 open, 1 closed. */
  status: z.number().int(),
  /** The price it closed at; null while open. */
  closePrice: decimalString.nullable(),
  /** The closing fee rate (contract sell), as a fraction; null while open. */
  closeFeeRate: decimalString.nullable(),
  /** marginAmount x closeFeeRate, rounded up; null while open. Never more than what the close returns. */
  closeFee: decimalString.nullable(),
  closeTickId: z.string().nullable(),
  closeTickSource: z.string().nullable(),
  closeTime: z.number().int().nullable(),
  /** manual, close_all, take_profit, stop_loss or liquidation; null while open. */
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  /** The live price (open) or the close price (closed); null when the feed has no price. */
  nowPrice: decimalString.nullable(),
  /**
   * Open: floating PnL at nowPrice, (now - open) x orderNum x contractSize for a long, reversed for a
   * short (a gain rounded down, a loss rounded up). Closed: the realized PnL; a loss is capped at the
   * position's loss limit (the liquidation threshold; the margin under method 3), so a price gap past
   * the liquidation level never costs more than the level promised. Fees are not included.
   */
  profitAndLose: decimalString.nullable(),
  /**
   * What the close moved into available: marginAmount + profitAndLose - closeFee; null while open.
   * Negative only under liquidation method 1, whose loss limit may exceed the margin.
   */
  settledAmount: decimalString.nullable(),
  /** 1 when the position lives in the demo book (demo money). */
  demo: flag,
  simulated: z.boolean(),
});
export type Position = z.infer<typeof position>;

export const buy = defineEndpoint({
  method: 'POST',
  path: '/api/userProductPosition/buy',
  summary:
    'Open a long or short position at the live price. Give either orderTotalPrice (the notional) or marginAmount (notional = margin x leverage). Margin = notional / leverage moves to margin; the opening fee (notional x contract buy rate) is paid on top. Refused when the session or trading window is closed, the product is locked, the leverage is not in the list, TP/SL is on the wrong side, an amount is out of bounds or the balance (or its allowed share) is short. Needs an Idempotency-Key header.',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  bodyEncoding: 'json',
  body: z.object({
    /** 1 US stock, 2 crypto, 3 futures, 4 forex; must match the product. */
    productType: z.coerce.number().pipe(productType),
    productCode,
    /** The notional in USDT; give this or marginAmount, not both. */
    orderTotalPrice: decimalInput.optional(),
    /** The margin in USDT; give this or orderTotalPrice, not both. */
    marginAmount: decimalInput.optional(),
    /** 0 long, 1 short. */
    orderDirection: z.coerce.number().int().min(0).max(1),
    /** One of the product's allowed leverages. */
    orderLever: z.coerce.number().int().min(1).max(1000),
    ...stopLevels,
  }),
  answer: { kind: 'data', schema: position },
});

export const sell = defineEndpoint({
  method: 'POST',
  path: '/api/userProductPosition/sell',
  summary:
    'Close one of my open positions at the live price, after the minimum holding time. Margin comes back plus or minus the PnL (a loss never exceeds the margin), less the closing fee (margin x contract sell rate). Closing twice or another customer’s position is refused. Needs an Idempotency-Key header.',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  body: z.object({ positionId: recordId }),
  answer: { kind: 'data', schema: position },
});

export const sellAll = defineEndpoint({
  method: 'POST',
  path: '/api/userProductPosition/sellAll',
  summary:
    'Close all my open positions (ours), optionally of one product, each at its live price. Positions still inside their minimum holding time or whose market is closed are skipped and listed with the reason. Needs an Idempotency-Key header.',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  body: z.object({ productCode: productCode.optional() }),
  answer: {
    kind: 'data',
    schema: z.object({
      /** The positions this call closed. */
      closed: z.array(position),
      /** Positions left open, each with the refusal key that kept it open and that key's params. */
      skipped: z.array(
        z.object({
          positionId: z.number().int(),
          msg: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])),
        }),
      ),
    }),
  },
});

export const updateStopPrice = defineEndpoint({
  method: 'POST',
  path: '/api/userProductPosition/updateStopPrice',
  summary:
    'Set the take-profit and stop-loss of one of my open positions (ours). Both fields are the new levels: an absent or empty field removes that level. The direction rules are checked against the live price.',
  tag: 'trade',
  auth: 'user',
  body: z.object({
    positionId: recordId,
    ...stopLevels,
  }),
  answer: { kind: 'data', schema: position },
});

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/userProductPosition/list',
  summary: 'My positions, newest first: open ones with floating PnL at the live price, closed ones with realized PnL',
  tag: 'trade',
  auth: 'user',
  query: pageQuery.extend({
    /** 0 open only, 1 closed only; absent: both. */
    status: statusFilter(POSITION_STATUS),
    /** Only this product's positions. */
    productCode: productCode.optional(),
  }),
  answer: { kind: 'rows', schema: position },
});

export const detail = defineEndpoint({
  method: 'GET',
  path: '/api/userProductPosition/detail',
  summary: 'One of my positions (ours)',
  tag: 'trade',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: position },
});

/** What `private:positions` carries (ours): the owner's open positions with floating PnL, at most once a second. */
export const positionsMessage = z.object({
  positions: z.array(position),
  /** Sum of the open positions' floating PnL. */
  totalProfitAndLose: decimalString,
  /** Sum of their margin. */
  totalMargin: decimalString,
  time: z.number().int(),
});
export type PositionsMessage = z.infer<typeof positionsMessage>;
