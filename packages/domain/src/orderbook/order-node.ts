/**
 * One resting order, linked into two intrusive doubly linked lists at once: its price level's queue
 * (time priority) and its owner's list (openOrders, self-trade checks for FOK). Intrusive links make
 * removal O(1) from an id lookup: no list is ever searched for the node.
 *
 * Nodes are recycled (OrderNodePool): a node that leaves the book is reused, fields all rewritten, by a
 * later resting order. A deep book otherwise makes the young-generation GC copy and promote every new
 * node that outlives a scavenge; together with the id table this halved the deep benchmark's scavenge
 * time (--trace-gc). Nothing outside the book ever holds a node (results and open orders are copies),
 * so reuse is invisible.
 */
import type { HashLanes } from './state-hash';
import type { OrderSide } from './types';
import type { OwnerOrders } from './owner-index';
import type { PriceLevel } from './price-level';

export class OrderNode implements HashLanes {
  // The order's own fields: OrderNodePool.take writes every one, for a new node and a spare one alike.
  id = 0;
  owner = '';
  side: OrderSide = 'buy';
  price = 0n;
  originalSize = 0n;
  remainingSize = 0n;
  /** Number(remainingSize), exact below 2^53; kept because the state hash and the level total need it anyway. */
  remainingSizeApproximation = 0;
  postOnly = false;
  /** The level whose queue holds the node while it rests. */
  level: PriceLevel | null = null;
  previous: OrderNode | null = null;
  /** The next node in the level's queue; while the node is in the pool, the next spare node. */
  next: OrderNode | null = null;
  ownerPrevious: OrderNode | null = null;
  ownerNext: OrderNode | null = null;
  /** The owner's list this node is linked into (null once removed), so removal needs no owner lookup. */
  ownerOrders: OwnerOrders | null = null;
  /** The order's current contribution to the book's state hash (see state-hash.ts). */
  laneA = 0;
  laneB = 0;
  /** The fixed part of the contribution, kept so a partial fill only re-hashes the remaining size. */
  identityLaneA = 0;
  identityLaneB = 0;
}

/** Spare nodes kept for reuse: enough to absorb bursts of removals, about 200 kB at most per book. */
export const MAXIMUM_SPARE_ORDER_NODES = 1024;

/** A bounded stack of nodes that left the book, linked through `next` (no array, no allocation). */
export class OrderNodePool {
  private top: OrderNode | null = null;
  private count = 0;

  /** A node for a new resting order: a spare one or a new one, every field written. */
  take(
    id: number,
    owner: string,
    side: OrderSide,
    price: bigint,
    originalSize: bigint,
    remainingSize: bigint,
    remainingSizeApproximation: number,
    postOnly: boolean,
  ): OrderNode {
    const spare = this.top;
    const node = spare ?? new OrderNode();
    if (spare !== null) {
      this.top = spare.next;
      this.count -= 1;
    }
    node.id = id;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.originalSize = originalSize;
    node.remainingSize = remainingSize;
    node.remainingSizeApproximation = remainingSizeApproximation;
    node.postOnly = postOnly;
    node.level = null;
    node.previous = null;
    node.next = null;
    node.ownerPrevious = null;
    node.ownerNext = null;
    node.ownerOrders = null;
    node.laneA = 0;
    node.laneB = 0;
    node.identityLaneA = 0;
    node.identityLaneB = 0;
    return node;
  }

  /** Keeps a node that has left every list of the book, unless the pool is full. */
  give(node: OrderNode): void {
    if (this.count >= MAXIMUM_SPARE_ORDER_NODES) return;
    node.level = null;
    node.previous = null;
    node.ownerOrders = null;
    node.next = this.top;
    this.top = node;
    this.count += 1;
  }

  size(): number {
    return this.count;
  }
}
