// Endpoints of Spot orders and holdings: features/trading (issue 5). Exported from endpoints/index.ts.
// Spot is position type 2: the customer buys a quantity of a product at the live price and holds it;
// the house is the counterparty. Every money-moving POST also takes an `Idempotency-Key` header: a
// replay returns the first answer.
import { z } from 'zod';
import { defineEndpoint, pageQuery, statusFilter } from '../endpoint';
import { decimalString, flag, productType, recordId } from './shapes';

/** Quantities stay text until the server parses them at the product's quantity scale (DESIGN.md §2). */
const quantityText = z.string().trim().min(1).max(64);
const productCode = z.string().trim().min(1).max(32);

/** Spot order status: 0 held (open), 1 sold. */
export const SPOT_ORDER_STATUS = { held: 0, sold: 1 } as const;

/** One spot buy and, once sold, its sale. Money fields are in USDT (the unified trade currency). */
export const spotOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productCode: z.string(),
  /** In the request's language when the product has a translation. */
  productName: z.string(),
  /** 1 US stock, 2 crypto, 3 futures, 4 forex. */
  productType: z.number().int(),
  /** Quantity bought, at the product's quantity scale. */
  orderNum: decimalString,
  /** The live price the buy filled at (the tick below). */
  buyPrice: decimalString,
  /** orderNum x buyPrice, rounded up (what the customer pays before the fee). */
  buyAmount: decimalString,
  /** The spot buy fee rate of the order fee settings, as a fraction ("0.001" = 0.1%). */
  buyFeeRate: decimalString,
  /** buyAmount x buyFeeRate, rounded up, paid on top of buyAmount. */
  buyFee: decimalString,
  /** The tick that priced the buy: `<productCode>#<seq>`. */
  buyTickId: z.string(),
  /** Where that tick came from ('simulator' or a provider's name). */
  buyTickSource: z.string(),
  buyTime: z.number().int(),
  /** 0 held, 1 sold. */
  status: z.number().int(),
  /** The live price the sale filled at; null while held. */
  sellPrice: decimalString.nullable(),
  /** orderNum x sellPrice, rounded down (what the customer receives before the fee); null while held. */
  sellAmount: decimalString.nullable(),
  /** The spot sell fee rate applied to the sale; null while held. */
  sellFeeRate: decimalString.nullable(),
  /** sellAmount x sellFeeRate, rounded up, deducted from sellAmount; null while held. */
  sellFee: decimalString.nullable(),
  sellTickId: z.string().nullable(),
  sellTickSource: z.string().nullable(),
  sellTime: z.number().int().nullable(),
  /** The live price now (held) or the sale price (sold); null when the feed has no price. */
  nowPrice: decimalString.nullable(),
  /** orderNum x nowPrice, rounded down; for a sold order, sellAmount. */
  marketValue: decimalString.nullable(),
  /**
   * Held: marketValue - (buyAmount + buyFee), floating. Sold: (sellAmount - sellFee) - (buyAmount +
   * buyFee), realized. Negative for a loss.
   */
  profitAndLose: decimalString.nullable(),
  /** 1 when the order lives in the demo book (demo money). */
  demo: flag,
  /** True while prices come from the simulator. */
  simulated: z.boolean(),
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const addSpotTradeOrder = defineEndpoint({
  method: 'POST',
  path: '/api/spotTradeOrder/addSpotTradeOrder',
  summary:
    'Buy orderNum of a product at the live price (the feed’s last tick) while its session is open; the spot buy fee is paid on top. Refused when the product is locked, spot is not offered, the amount is out of the product’s bounds or the balance is short. Needs an Idempotency-Key header.',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  body: z.object({
    /** 1 US stock, 2 crypto, 3 futures, 4 forex; must match the product. */
    productType: z.coerce.number().pipe(productType),
    productCode,
    /** Quantity to buy, at most the product's quantity scale in decimals. */
    orderNum: quantityText,
  }),
  answer: { kind: 'data', schema: spotOrder },
});

export const sellSpotTradeOrder = defineEndpoint({
  method: 'POST',
  path: '/api/spotTradeOrder/sellSpotTradeOrder',
  summary:
    'Sell one of my held spot orders, whole, at the live price while the session is open; the spot sell fee is deducted. Selling an order twice or another customer’s order is refused. Needs an Idempotency-Key header.',
  tag: 'trade',
  auth: 'user',
  idempotent: true,
  body: z.object({ spotTradeOrderId: recordId }),
  answer: { kind: 'data', schema: spotOrder },
});

export const spotTradeOrderList = defineEndpoint({
  method: 'GET',
  path: '/api/spotTradeOrder/list',
  summary: 'My spot orders, newest first: held ones with floating PnL at the live price, sold ones with realized PnL',
  tag: 'trade',
  auth: 'user',
  query: pageQuery.extend({
    /** 0 held only, 1 sold only; absent: both. */
    status: statusFilter(SPOT_ORDER_STATUS),
    /** Only this product's orders. */
    productCode: productCode.optional(),
  }),
  answer: { kind: 'rows', schema: spotOrder },
});

export const spotTradeOrderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/spotTradeOrder/detail',
  summary: 'One of my spot orders (ours)',
  tag: 'trade',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: spotOrder },
});

/** All held spot orders of one product, aggregated: what the wallet tab shows. */
export const spotHolding = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  productType: z.number().int(),
  /** Sum of the held orders' orderNum. */
  quantity: decimalString,
  /** Sum of buyAmount + buyFee of the held orders: what they cost. */
  costAmount: decimalString,
  /** costAmount / quantity, rounded up to the product's price scale (fees included). */
  averageCost: decimalString,
  /** Sum of the held orders' buyAmount / quantity, rounded up: the average fill price (fees excluded). */
  averagePrice: decimalString,
  /** The live price; null when the feed has no price. */
  nowPrice: decimalString.nullable(),
  /** quantity x nowPrice, rounded down. */
  marketValue: decimalString.nullable(),
  /** marketValue - costAmount (floating). */
  profitAndLose: decimalString.nullable(),
  /** profitAndLose / costAmount x 100, 2 decimals, rounded toward zero. */
  profitRate: decimalString.nullable(),
  /** How many held orders make up this holding. */
  orderCount: z.number().int(),
  simulated: z.boolean(),
});
export type SpotHolding = z.infer<typeof spotHolding>;

export const spotTradeOrderHoldings = defineEndpoint({
  method: 'GET',
  path: '/api/spotTradeOrder/holdings',
  summary: 'My spot holdings per product (ours): quantity, average cost, market value and floating PnL',
  tag: 'trade',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({
      holdings: z.array(spotHolding),
      /** Sum of the holdings' marketValue (holdings without a price count 0). */
      totalMarketValue: decimalString,
      /** Sum of the holdings' profitAndLose. */
      totalProfitAndLose: decimalString,
    }),
  },
});

/** What `private:spotOrders` carries (ours) whenever the owner's spot orders change: the holdings answer. */
export const spotOrdersMessage = spotTradeOrderHoldings.answer.schema.extend({ time: z.number().int() });
export type SpotOrdersMessage = z.infer<typeof spotOrdersMessage>;
