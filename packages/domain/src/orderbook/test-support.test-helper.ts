/** Shared fixtures for the order book tests: a pair, both implementations, and terse command builders. */
import { OrderBook } from './order-book';
import { ReferenceOrderBook } from './reference';
import type {
  BookState,
  CancelOrderCommand,
  LimitOrderCommand,
  MarketBuyByQuoteCommand,
  MarketOrderCommand,
  OrderBookEngine,
  OrderSide,
  PairConfig,
  TimeInForce,
} from './types';

/** BTC/USDT: price 0.50 tick at 2 decimals, size step 0.001 at 4 decimals, minimum 0.01, fees 0.1 % / 0.2 %. */
export const PAIR: PairConfig = {
  pair: 'BTC/USDT',
  priceScale: 2,
  sizeScale: 4,
  quoteScale: 6,
  priceTick: 50n,
  sizeStep: 10n,
  minimumSize: 100n,
  makerFeeRate: 1000n,
  takerFeeRate: 2000n,
};

export interface Implementation {
  name: string;
  create(config: PairConfig): OrderBookEngine;
  restore(config: PairConfig, state: BookState): OrderBookEngine;
}

export const IMPLEMENTATIONS: readonly Implementation[] = [
  {
    name: 'engine',
    create: (config) => new OrderBook(config),
    restore: (config, state) => OrderBook.restore(config, state),
  },
  {
    name: 'reference',
    create: (config) => new ReferenceOrderBook(config),
    restore: (config, state) => ReferenceOrderBook.restore(config, state),
  },
];

export function limit(
  owner: string,
  side: OrderSide,
  price: bigint,
  size: bigint,
  options: { timeInForce?: TimeInForce; postOnly?: boolean } = {},
): LimitOrderCommand {
  return {
    type: 'limit',
    owner,
    side,
    price,
    size,
    timeInForce: options.timeInForce ?? 'GTC',
    postOnly: options.postOnly ?? false,
  };
}

export function market(owner: string, side: OrderSide, size: bigint): MarketOrderCommand {
  return { type: 'market', owner, side, size };
}

export function marketByQuote(owner: string, quoteAmount: bigint): MarketBuyByQuoteCommand {
  return { type: 'market_by_quote', owner, quoteAmount };
}

export function cancel(owner: string, orderId: number): CancelOrderCommand {
  return { type: 'cancel', owner, orderId };
}
