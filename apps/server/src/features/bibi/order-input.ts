/**
 * Turns a customer's buy or sell request into an engine command and what it must freeze, or refuses it
 * with a precise key before anything is touched. The checks are the domain's (`checkOrderInput`, the
 * same rules the order form shows); this adds what the order freezes.
 */
import { checkOrderInput, type OrderIntent, type OrderSide, type TimeInForce } from '@kestrel/domain';
import { RefusedError } from '../../core/errors';
import type { PairSpec } from './pair-spec';
import { limitBuyReserve, sellReserve } from './settlement';

export interface PlacementRequest {
  side: OrderSide;
  /** 0 limit, 1 market. */
  orderMethod: number;
  productPrice?: string | undefined;
  orderVolume?: string | undefined;
  orderAmount?: string | undefined;
  timeInForce: TimeInForce;
  postOnly: number;
}

export type PlannedCommand = OrderIntent;

export interface PlacementPlan {
  command: PlannedCommand;
  /**
   * Quote or base units to freeze. For a market buy it depends on the book (one unit per resting order
   * covers fee rounding), so the writer computes it from `marketBuyBudget` when the book is in hand.
   */
  freezeUnits: bigint | null;
  marketBuyBudget: bigint | null;
}

/** The pair's steps as the customer reads them, for refusal parameters. */
export interface PairTexts {
  tickSize: string;
  volumeStep: string;
  minimumVolume: string;
}

/** Checks a buy or sell request against the pair; throws RefusedError with the first problem found. */
export function planPlacement(pair: PairSpec, texts: PairTexts, request: PlacementRequest): PlacementPlan {
  const check = checkOrderInput(
    { ...pair, ...texts },
    {
      side: request.side,
      kind: request.orderMethod === 1 ? 'market' : 'limit',
      price: request.productPrice,
      volume: request.orderVolume,
      amount: request.orderAmount,
      timeInForce: request.timeInForce,
      postOnly: request.postOnly === 1,
    },
  );
  if (check.problem) throw new RefusedError(`error.${check.problem.code}`, check.problem.params);
  const command = check.order;
  switch (command.type) {
    case 'limit': {
      const freezeUnits =
        command.side === 'buy' ? limitBuyReserve(pair, command.price, command.size) : sellReserve(pair, command.size);
      return { command, freezeUnits, marketBuyBudget: null };
    }
    case 'market':
      return { command, freezeUnits: sellReserve(pair, command.size), marketBuyBudget: null };
    case 'market_by_quote':
      return { command, freezeUnits: null, marketBuyBudget: command.quoteAmount };
  }
}
