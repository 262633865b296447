/**
 * Checks of a command's shape against the pair's rules, before the book is consulted. Shared by the
 * engine and the reference model so both refuse the same commands with the same code; the order of the
 * checks is part of the contract (the first problem found is the one reported).
 */
import type { OrderBookRejectionCode } from './result-codes';
import type {
  LimitOrderCommand,
  MarketBuyByQuoteCommand,
  MarketOrderCommand,
  OrderSide,
  PairConfig,
  TimeInForce,
} from './types';

function isSide(value: unknown): value is OrderSide {
  return value === 'buy' || value === 'sell';
}

function isTimeInForce(value: unknown): value is TimeInForce {
  return value === 'GTC' || value === 'IOC' || value === 'FOK';
}

function validateOwner(owner: unknown): OrderBookRejectionCode | null {
  return typeof owner === 'string' && owner !== '' ? null : 'orderbook.owner_missing';
}

function validateSize(size: unknown, config: PairConfig): OrderBookRejectionCode | null {
  if (typeof size !== 'bigint') return 'orderbook.command_invalid';
  if (size <= 0n) return 'orderbook.size_not_positive';
  if (size % config.sizeStep !== 0n) return 'orderbook.size_off_step';
  if (size < config.minimumSize) return 'orderbook.size_below_minimum';
  return null;
}

export function validateLimitOrder(command: LimitOrderCommand, config: PairConfig): OrderBookRejectionCode | null {
  const ownerProblem = validateOwner(command.owner);
  if (ownerProblem) return ownerProblem;
  if (!isSide(command.side)) return 'orderbook.side_invalid';
  if (!isTimeInForce(command.timeInForce)) return 'orderbook.time_in_force_invalid';
  if (typeof command.price !== 'bigint') return 'orderbook.command_invalid';
  if (command.price <= 0n) return 'orderbook.price_not_positive';
  if (command.price % config.priceTick !== 0n) return 'orderbook.price_off_tick';
  const sizeProblem = validateSize(command.size, config);
  if (sizeProblem) return sizeProblem;
  // IOC and FOK never rest, so "only rest, never take" cannot be honoured by them.
  if (command.postOnly && command.timeInForce !== 'GTC') return 'orderbook.post_only_requires_gtc';
  return null;
}

export function validateMarketOrder(command: MarketOrderCommand, config: PairConfig): OrderBookRejectionCode | null {
  const ownerProblem = validateOwner(command.owner);
  if (ownerProblem) return ownerProblem;
  if (!isSide(command.side)) return 'orderbook.side_invalid';
  return validateSize(command.size, config);
}

export function validateMarketBuyByQuote(command: MarketBuyByQuoteCommand): OrderBookRejectionCode | null {
  const ownerProblem = validateOwner(command.owner);
  if (ownerProblem) return ownerProblem;
  if (typeof command.quoteAmount !== 'bigint') return 'orderbook.command_invalid';
  if (command.quoteAmount <= 0n) return 'orderbook.quote_amount_not_positive';
  return null;
}

export function validateCancel(owner: unknown, orderId: unknown): OrderBookRejectionCode | null {
  const ownerProblem = validateOwner(owner);
  if (ownerProblem) return ownerProblem;
  // Ids are positive safe integers handed out by the book; anything else names no order.
  if (typeof orderId !== 'number' || !Number.isSafeInteger(orderId) || orderId <= 0) return 'orderbook.unknown_order';
  return null;
}
