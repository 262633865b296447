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
  /**
   * The sum of the queue's remaining sizes (see totalSize). While every size added and the sum are
   * safe integers it is a Number here, so an order joining or leaving allocates no BigInt (the two
   * BigInt updates were about 5 % of the shallow benchmark's profile); from the first change that would
   * leave that range, it is a BigInt in totalSizeLarge for the rest of the level's life.
   */
  private totalSizeSafe = 0;
  private totalSizeLarge: bigint | null = null;
  orderCount = 0;
  /**
   * Number(price): the tree compares these first (a double comparison instead of a BigInt one) and the
   * state hash takes it as the price's word. Exact up to 2^53; above that it is only ordered
   * (Number() is monotone), so equal keys fall back to comparing the prices themselves.
   */
  readonly key: number;

  /** `key` must be Number(price); a caller that converted it already passes it along. */
  constructor(
    readonly price: bigint,
    key: number = Number(price),
  ) {
    this.key = key;
  }

  /** Sum of the remaining sizes of the orders in the queue. */
  get totalSize(): bigint {
    return this.totalSizeLarge ?? BigInt(this.totalSizeSafe);
  }

  append(node: OrderNode): void {
    node.level = this;
    node.previous = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.orderCount += 1;
    if (this.totalSizeLarge !== null) {
      this.totalSizeLarge += node.remainingSize;
      return;
    }
    // Exact: both terms are whole; an inexact approximation (2^53 or more) or a sum past the safe range
    // fails the test, and below it the Number sum is the exact sum.
    const sum = this.totalSizeSafe + node.remainingSizeApproximation;
    if (sum <= Number.MAX_SAFE_INTEGER) this.totalSizeSafe = sum;
    else this.totalSizeLarge = BigInt(this.totalSizeSafe) + node.remainingSize;
  }

  /** Unlinks a node that is in this level; O(1). */
  remove(node: OrderNode): void {
    if (node.previous === null) this.head = node.next;
    else node.previous.next = node.next;
    if (node.next === null) this.tail = node.previous;
    else node.next.previous = node.previous;
    node.previous = null;
    node.next = null;
    this.orderCount -= 1;
    // While the total is safe so is every part of it, so the Number subtraction is exact.
    if (this.totalSizeLarge === null) this.totalSizeSafe -= node.remainingSizeApproximation;
    else this.totalSizeLarge -= node.remainingSize;
  }

  /**
   * A fill took `size` from one of this level's orders (the caller reduced the order itself);
   * `sizeApproximation` is Number(size), which the caller has from the order's sizes before and after.
   */
  reduce(size: bigint, sizeApproximation: number): void {
    if (this.totalSizeLarge === null) this.totalSizeSafe -= sizeApproximation;
    else this.totalSizeLarge -= size;
  }

  isEmpty(): boolean {
    return this.head === null;
  }
}
