/**
 * One resting order, linked into two intrusive doubly linked lists at once: its price level's queue
 * (time priority) and its owner's list (openOrders, self-trade checks for FOK). Intrusive links make
 * removal O(1) from a Map lookup: no list is ever searched for the node.
 */
import type { HashLanes } from './state-hash';
import type { OrderSide } from './types';
import type { PriceLevel } from './price-level';

export class OrderNode implements HashLanes {
  remainingSize: bigint;
  /** Set when the node joins a level; a node is only ever in one level, for its whole life. */
  level: PriceLevel | null = null;
  previous: OrderNode | null = null;
  next: OrderNode | null = null;
  ownerPrevious: OrderNode | null = null;
  ownerNext: OrderNode | null = null;
  /** The order's current contribution to the book's state hash (see state-hash.ts). */
  laneA = 0;
  laneB = 0;
  /** The fixed part of the contribution, kept so a partial fill only re-hashes the remaining size. */
  identityLaneA = 0;
  identityLaneB = 0;

  constructor(
    readonly id: number,
    readonly owner: string,
    readonly side: OrderSide,
    readonly price: bigint,
    readonly originalSize: bigint,
    remainingSize: bigint,
    readonly postOnly: boolean,
  ) {
    this.remainingSize = remainingSize;
  }
}
