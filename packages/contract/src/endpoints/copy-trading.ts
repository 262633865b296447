// Endpoints of copy trading ("follow-order", API-FACTS "Team, copy trading"): features/trading/copy
// (issue 14 part 3). Exported as `copyTrading`.
//
// A real-account customer opts in as a trader; from then on every contract position they open
// themselves is offered to their followers. A follower's mirrored position opens and closes at the very
// tick the trader's did (the tick id is on both positions and both ledger entries), each with the
// follower's own margin, fees and entries. Sizing: fixed mode uses `followAmount` as the margin of each
// mirrored position; ratio mode uses the trader's margin times `followRatio`; the leverage and
// direction are the trader's. A copy the follower's account cannot take (balance, the product's
// limits, `maxOpenOrders`, a closed market) is skipped, kept with its reason and told in a site message.
//
// The trader's record is computed from their own closed positions (whose amounts are their ledger
// entries), never typed by anyone: realized PnL net of fees, win rate, maximum drawdown of the
// cumulative net PnL, followers, and returns over 7/30/90 days (net PnL over the margin of the
// positions closed in that window). Mirrored positions are never mirrored again.
//
// Profit share (published rate `COPY_PROFIT_SHARE_RATE`, fixed on the follow when it starts): when a
// mirrored position closes, the follower pays the trader that rate of the follow's net realized profit
// above its high-water mark, one ledger entry `copy.profit_share` in the close's transaction. A loss
// pays nothing, and a later gain pays only once the earlier loss is made good.
//
// Stop-loss of the whole follow: when the follow's net realized PnL plus the open mirrored positions'
// unrealized PnL reaches minus `stopLossAmount`, the follow ends and its mirrored positions close.
import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { amountText, decimalString, recordId } from './shapes';

export const COPY_PROFIT_SHARE_RATE = '0.10';
export const COPY_FOLLOW_MODE = { fixedAmount: 0, ratio: 1 } as const;
export const COPY_RATIO_MIN = '0.01';
export const COPY_RATIO_MAX = '10';
/** A ratio may carry at most this many decimals (finer is refused, never rounded). */
export const COPY_RATIO_SCALE = 4;
export const COPY_MAX_OPEN_ORDERS_MAX = 50;
/** Active follows one customer may hold at once. */
export const COPY_FOLLOWS_MAX = 20;
/** Followers one trader may have at once: every open of the trader is copied to each of them. */
export const COPY_FOLLOWERS_MAX = 1_000;
/** A copy still waiting this long after the trader's tick (a restart in between) is skipped, never opened late. */
export const COPY_OPEN_DELAY_MS_MAX = 30_000;
export const COPY_TRADER_STATUS = { active: 0, stopped: 1 } as const;
export const COPY_RELATION_STATUS = { active: 0, ended: 1 } as const;
export const COPY_END_REASONS = ['unfollow', 'stop_loss', 'trader_stopped'] as const;
/** A copied order: waiting for its turn, mirrored and open, closed with the trader, skipped, or released (kept by the follower on unfollow). */
export const COPY_ORDER_STATES = ['pending', 'open', 'closed', 'skipped', 'released'] as const;

export const copyTrader = z.object({
  traderId: z.number().int(),
  /** The trader's nickname, or their masked login. */
  nickName: z.string(),
  status: z.number().int(),
  profitShareRate: decimalString,
  followerCount: z.number().int(),
  /** USDT, net of both fees, all closed positions the trader opened themselves. */
  realizedPnl: decimalString,
  closedCount: z.number().int(),
  /** Share of closed positions with a net profit, 0 to 1 (4 places); null before the first close. */
  winRate: decimalString.nullable(),
  /** The deepest fall of the cumulative net PnL from an earlier peak, USDT, 0 or positive. */
  maxDrawdown: decimalString,
  /** Net PnL over the margin of the positions closed in the last 7/30/90 days (fraction, 4 places); null without any. */
  return7d: decimalString.nullable(),
  return30d: decimalString.nullable(),
  return90d: decimalString.nullable(),
  createTime: z.number().int(),
  /** For a logged-in viewer: the active follow of this trader, else null. */
  followingRelationId: z.number().int().nullable(),
  isSelf: z.boolean(),
  /** The record's prices come from a simulated market (DESIGN §4): the app labels it. */
  simulated: z.boolean(),
});
export type CopyTrader = z.infer<typeof copyTrader>;

export const traderList = defineEndpoint({
  method: 'GET',
  path: '/api/copyTrade/trader/list',
  summary: 'Active traders with their records computed from their closed positions, best 30-day return first',
  tag: 'copyTrading',
  auth: 'optional',
  query: pageQuery,
  answer: { kind: 'rows', schema: copyTrader },
});

export const traderClosedPosition = z.object({
  productCode: z.string(),
  productName: z.string(),
  /** 0 long, 1 short. */
  direction: z.number().int(),
  leverage: z.number().int(),
  openPrice: decimalString,
  closePrice: decimalString,
  /** Net of both fees, USDT. */
  netPnl: decimalString,
  closeTime: z.number().int(),
});

export const traderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/copyTrade/trader/{id}',
  summary: 'One trader: the record, open positions count and the last closed positions (the path holds the traderId)',
  tag: 'copyTrading',
  auth: 'optional',
  query: z.object({ id: recordId }),
  answer: {
    kind: 'data',
    schema: copyTrader.extend({
      openPositionCount: z.number().int(),
      recentClosed: z.array(traderClosedPosition),
    }),
  },
});

export const copyOrder = z.object({
  id: z.number().int(),
  state: z.enum(COPY_ORDER_STATES),
  productCode: z.string(),
  productName: z.string(),
  direction: z.number().int(),
  leverage: z.number().int(),
  /** The follower's own position, once mirrored. */
  positionId: z.number().int().nullable(),
  margin: decimalString.nullable(),
  openPrice: decimalString.nullable(),
  closePrice: decimalString.nullable(),
  /** Net of both fees, once closed. */
  netPnl: decimalString.nullable(),
  profitShare: decimalString.nullable(),
  /** Why a copy was skipped: a language key and its params. */
  skipMsg: z.string().nullable(),
  skipParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  createTime: z.number().int(),
  /** Its prices come from a simulated market: the app labels them. */
  simulated: z.boolean(),
});
export type CopyOrder = z.infer<typeof copyOrder>;

export const copyRelation = z.object({
  relationId: z.number().int(),
  traderId: z.number().int(),
  traderNickName: z.string(),
  followMode: z.number().int(),
  followAmount: decimalString.nullable(),
  followRatio: decimalString.nullable(),
  maxOpenOrders: z.number().int(),
  stopLossAmount: decimalString.nullable(),
  profitShareRate: decimalString,
  status: z.number().int(),
  endReason: z.enum(COPY_END_REASONS).nullable(),
  /** The follow's net realized PnL (after fees, before profit share), USDT. */
  realizedPnl: decimalString,
  profitShared: decimalString,
  openCount: z.number().int(),
  skippedCount: z.number().int(),
  /** The latest skipped copy, so the follower sees why at once. */
  lastSkipped: copyOrder.nullable(),
  createTime: z.number().int(),
  endTime: z.number().int().nullable(),
});
export type CopyRelation = z.infer<typeof copyRelation>;

export const followedList = defineEndpoint({
  method: 'GET',
  path: '/api/copyTrade/trader/followedList',
  summary: 'The customer’s follows, active first, each with its result, open copies and the last skipped copy',
  tag: 'copyTrading',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: copyRelation },
});

export const relationOrders = defineEndpoint({
  method: 'GET',
  path: '/api/copyTrade/relation/orders',
  summary: 'The copies of one follow, newest first: mirrored, closed, skipped with the reason (ours)',
  tag: 'copyTrading',
  auth: 'user',
  query: pageQuery.extend({ relationId: recordId }),
  answer: { kind: 'rows', schema: copyOrder },
});

export const follow = defineEndpoint({
  method: 'POST',
  path: '/api/copyTrade/relation/follow',
  summary:
    'Follow a trader: fixed margin per copy (followMode 0, followAmount) or a ratio of the trader’s margin (1, followRatio), at most maxOpenOrders open copies, an optional stop-loss for the whole follow',
  tag: 'copyTrading',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    traderId: recordId,
    followMode: z.union([z.literal(0), z.literal(1)]),
    followAmount: amountText.optional(),
    followRatio: amountText.optional(),
    maxOpenOrders: z.coerce.number().int().min(1).max(COPY_MAX_OPEN_ORDERS_MAX),
    /** Ours: end the follow when its loss reaches this many USDT. */
    stopLossAmount: amountText.optional(),
  }),
  answer: { kind: 'data', schema: copyRelation },
});

export const unfollow = defineEndpoint({
  method: 'POST',
  path: '/api/copyTrade/relation/unfollow',
  summary:
    'End a follow; closePositions 1 closes its open copies now at the live price (one that may not close yet is kept and named), 0 keeps them as the customer’s own positions',
  tag: 'copyTrading',
  auth: 'user',
  idempotent: true,
  body: z.object({
    relationId: recordId,
    closePositions: z.coerce.number().int().min(0).max(1).default(0),
  }),
  answer: {
    kind: 'data',
    schema: copyRelation.extend({
      closedCount: z.number().int(),
      keptCount: z.number().int(),
      /** Copies that could not be closed now (minimum holding time, market closed), with the reason. */
      notClosed: z.array(z.object({ positionId: z.number().int(), msg: z.string() })),
    }),
  },
});

export const myTrader = defineEndpoint({
  method: 'GET',
  path: '/api/copyTrade/trader/mine',
  summary: 'The customer’s own trader profile, or null when they have not opted in (ours)',
  tag: 'copyTrading',
  auth: 'user',
  answer: { kind: 'data', schema: copyTrader.nullable() },
});

export const becomeTrader = defineEndpoint({
  method: 'POST',
  path: '/api/copyTrade/trader/apply',
  summary:
    'Opt in as a trader (real account): from now on each position you open yourself is copied to your followers (ours)',
  tag: 'copyTrading',
  auth: 'user',
  answer: { kind: 'data', schema: copyTrader },
});

export const stopTrader = defineEndpoint({
  method: 'POST',
  path: '/api/copyTrade/trader/stop',
  summary: 'Stop being a trader: every follow ends and followers keep their open copies as their own positions (ours)',
  tag: 'copyTrading',
  auth: 'user',
  answer: { kind: 'data', schema: copyTrader },
});
