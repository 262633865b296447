import { z } from 'zod';

/** A decimal number on the wire: always a string, never a JSON number (DESIGN.md §2). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
export const flag = z.number().int().min(0).max(1);
/** A record's id as a form or query value: coerced, bounded to the database's 32-bit integer ids. */
export const recordId = z.coerce.number().int().min(1).max(2_147_483_647);
/** An amount stays text on the wire: the server parses it at the currency's scale and refuses with a precise key. */
export const amountText = z.string().trim().min(1).max(60);
export const translations = z.record(z.string(), z.string());
/** A decimal an operator types into a product's terms (an amount or a rate): text, parsed by the server at the term's scale. */
export const termText = z.string().trim().min(1).max(40);
/** Why an operator makes a change: required, and kept in the change's audit row. */
export const auditReason = z.string().trim().min(1).max(500);

export const tickerBlock = z.object({
  open: decimalString,
  close: decimalString,
  max: decimalString,
  min: decimalString,
  volume: decimalString,
  averagePrice: decimalString,
  tradeAmount: decimalString,
});

export const tickerInfo = z.object({
  ticker: z.string(),
  nowPrice: decimalString,
  changeRate: decimalString,
  changePrice: decimalString,
  day: tickerBlock,
  minute: tickerBlock,
  prevDay: tickerBlock,
  updated: z.number().int(),
  simulated: z.boolean(),
});
export type TickerInfo = z.infer<typeof tickerInfo>;

export const productType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const product = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productNameLang: translations,
  productCode: z.string(),
  productDesc: z.string(),
  productImg: z.string(),
  productType: z.number().int(),
  isVisible: flag,
  sort: z.number().int(),
  isLock: flag,
  isShow: flag,
  isSelfSell: flag,
  isOption: flag,
  /** The position types this product trades in ("/"-separated: 0 fast, 1 contract, 2 spot, 3 coin-to-coin). */
  PositionType: z.string(),
  /** Contract unit: how many of the underlying one lot holds. */
  standard: decimalString,
  priceScale: z.number().int(),
  quantityScale: z.number().int(),
  /** Whether the product's trading session is open now. */
  sessionOpen: z.boolean(),
  /** True while prices come from the simulator: every screen that shows them says so. */
  simulated: z.boolean(),
  tickerInfo: tickerInfo.nullable(),
});
export type Product = z.infer<typeof product>;

export const candle = z.object({
  time: z.number().int(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
  turnover: decimalString,
});
export type Candle = z.infer<typeof candle>;

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export const interval = z.enum(INTERVALS, { message: 'error.unknown_interval' });

export const userInfo = z.object({
  id: z.number().int(),
  userAccount: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  areaCode: z.string().nullable(),
  nickName: z.string(),
  avatar: z.string(),
  /** 0 real, 1 guest, 2 demo. */
  accountType: z.number().int(),
  inviteCode: z.string(),
  createTime: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;
