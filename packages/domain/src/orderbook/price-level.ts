/**
 * All resting orders at one price on one side, oldest first: an intrusive queue with an aggregated
 * size, so depth never walks the queue and matching only ever looks at the head.
 */
import type { OrderNode } from './order-node';

export class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Links of the side's price tree (price-tree.ts): the level is its own tree node. */
  left: PriceLevel | null = null;
  right: PriceLevel | null = null;
  height = 1;
  /** Sum of the remaining sizes of the orders in the queue. */
  totalSize = 0n;
  orderCount = 0;

  constructor(readonly price: bigint) {}

  append(node: OrderNode): void {
    node.level = this;
    node.previous = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.totalSize += node.remainingSize;
    this.orderCount += 1;
  }

  /** Unlinks a node that is in this level; O(1). */
  remove(node: OrderNode): void {
    if (node.previous === null) this.head = node.next;
    else node.previous.next = node.next;
    if (node.next === null) this.tail = node.previous;
    else node.next.previous = node.previous;
    node.previous = null;
    node.next = null;
    this.totalSize -= node.remainingSize;
    this.orderCount -= 1;
  }

  /** A fill took `size` from one of this level's orders (the caller reduced the order itself). */
  reduce(size: bigint): void {
    this.totalSize -= size;
  }

  isEmpty(): boolean {
    return this.head === null;
  }
}
