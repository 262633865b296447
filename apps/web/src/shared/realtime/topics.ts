import type { bibi, contracts, fastTrade, messages } from '@kestrel/contract/web';
import type { support } from '@kestrel/contract/web';
import type { Candle, Interval, TickerInfo } from './message-types';

/**
 * A topic name that carries the type of its messages, so `useTopic(tickerTopic('AAPL'), (info) => ...)`
 * knows `info` is a TickerInfo. The brand exists only for the type checker.
 */
export type Topic<Message> = string & { readonly __message?: Message };

/** One entry of the `tickers` batch: the list screens' price update. */
export interface TickerUpdate {
  ticker: string;
  nowPrice: string;
  changeRate: string;
  changePrice: string;
  updated: number;
}

/** Every product's latest price, batched once per market step. */
export const tickersTopic: Topic<TickerUpdate[]> = 'tickers';

/** The full ticker of one product (day, minute and previous-day blocks). */
export function tickerTopic(productCode: string): Topic<TickerInfo> {
  return `ticker:${productCode}`;
}

/** The forming candle of one product at one interval (decimal strings). */
export function candleTopic(productCode: string, interval: Interval): Topic<Candle> {
  return `candle:${productCode}:${interval}`;
}

/**
 * The customer's own channels (apps/server/src/realtime/hub.ts PRIVATE_CHANNELS) and what each
 * carries, from the contract where the contract defines the message; `unknown` until one does (treat
 * such a message as "something changed, refetch"). The client authenticates before subscribing them.
 */
export interface PrivateTopicMessages {
  positions: contracts.PositionsMessage;
  spotOrders: unknown;
  fastOrders: fastTrade.FastOrderPush;
  bibiOrders: bibi.OrderUpdate;
  balances: unknown;
  /** A new site message, with the owner's unread count including it (the red dot). */
  messages: messages.SiteMessagePush;
  /** The live support chat: a message (either side's) or a read mark, with the customer's unread count. */
  support: support.SupportCustomerEvent;
}

export type PrivateChannel = keyof PrivateTopicMessages;

/** `private:<channel>`: `useTopic(privateTopic('positions'), (message) => ...)`. */
export function privateTopic<Channel extends PrivateChannel>(channel: Channel): Topic<PrivateTopicMessages[Channel]> {
  return `private:${channel}`;
}
