/**
 * The command log and snapshots store engine commands and book states as JSON with bigints as decimal
 * strings, so a replay reads back exactly what was executed.
 */
import type { BookState, OpenOrder, OrderBookCommand } from '@kestrel/domain';

export function encodeCommand(command: OrderBookCommand): string {
  switch (command.type) {
    case 'limit':
      return JSON.stringify({ ...command, price: command.price.toString(), size: command.size.toString() });
    case 'market':
      return JSON.stringify({ ...command, size: command.size.toString() });
    case 'market_by_quote':
      return JSON.stringify({ ...command, quoteAmount: command.quoteAmount.toString() });
    case 'cancel':
      return JSON.stringify(command);
  }
}

export function decodeCommand(text: string): OrderBookCommand {
  const raw = JSON.parse(text) as Record<string, unknown>;
  const string = (key: string) => String(raw[key]);
  switch (raw.type) {
    case 'limit':
      return {
        type: 'limit',
        owner: string('owner'),
        side: raw.side === 'buy' ? 'buy' : 'sell',
        price: BigInt(string('price')),
        size: BigInt(string('size')),
        timeInForce: raw.timeInForce as 'GTC' | 'IOC' | 'FOK',
        postOnly: raw.postOnly === true,
      };
    case 'market':
      return {
        type: 'market',
        owner: string('owner'),
        side: raw.side === 'buy' ? 'buy' : 'sell',
        size: BigInt(string('size')),
      };
    case 'market_by_quote':
      return { type: 'market_by_quote', owner: string('owner'), quoteAmount: BigInt(string('quoteAmount')) };
    case 'cancel':
      return { type: 'cancel', owner: string('owner'), orderId: Number(raw.orderId) };
    default:
      throw new Error(`unknown command in the log: ${text.slice(0, 80)}`);
  }
}

export function encodeState(state: BookState): string {
  return JSON.stringify({
    ...state,
    orders: state.orders.map((order) => ({
      ...order,
      price: order.price.toString(),
      originalSize: order.originalSize.toString(),
      remainingSize: order.remainingSize.toString(),
    })),
  });
}

export function decodeState(text: string): BookState {
  const raw = JSON.parse(text) as {
    pair: string;
    nextOrderId: number;
    nextFillSequence: number;
    orders: (Omit<OpenOrder, 'price' | 'originalSize' | 'remainingSize'> & {
      price: string;
      originalSize: string;
      remainingSize: string;
    })[];
  };
  return {
    pair: raw.pair,
    nextOrderId: raw.nextOrderId,
    nextFillSequence: raw.nextFillSequence,
    orders: raw.orders.map((order) => ({
      ...order,
      price: BigInt(order.price),
      originalSize: BigInt(order.originalSize),
      remainingSize: BigInt(order.remainingSize),
    })),
  };
}
