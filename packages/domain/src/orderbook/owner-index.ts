/**
 * Each owner's resting orders, oldest first, as an intrusive list through the order nodes: adding and
 * removing are O(1), and openOrders(owner) costs only that owner's orders, never the book's.
 *
 * Every node points at its owner's list, so removal needs no lookup. A list that empties is kept for a
 * while instead of deleted at once: an owner who places and cancels all day would otherwise make the
 * Map delete and re-create its entry on almost every command (and rehash its owner name each time, for
 * the state hash). Empty lists are swept all together once they outnumber both the non-empty ones and
 * RETAINED_EMPTY_OWNER_LISTS, so the Map stays bounded by twice the owners with resting orders, plus
 * that constant, and a sweep's cost is paid for by the emptyings before it.
 *
 * (Measured and dropped: append-only arrays per owner with stale entries compacted later, to avoid
 * touching the neighbouring nodes on removal. Appends and compactions cost more than they saved.)
 */
import type { OrderNode } from './order-node';
import { hashOwner } from './state-hash';

/** Empty lists kept before a sweep is even considered: a few thousand small objects. */
export const RETAINED_EMPTY_OWNER_LISTS = 1024;

export class OwnerOrders {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  count = 0;
  /** hashOwner(owner) as int32 (only its bits are hashed), computed once per list instead of once per resting order. */
  readonly ownerHash: number;

  constructor(readonly owner: string) {
    this.ownerHash = hashOwner(owner) | 0;
  }
}

export class OwnerIndex {
  private readonly owners = new Map<string, OwnerOrders>();
  private emptyLists = 0;

  /** The owner's list, created (empty) when there is none; pass it to add(). */
  listFor(owner: string): OwnerOrders {
    let list = this.owners.get(owner);
    if (list === undefined) {
      list = new OwnerOrders(owner);
      this.owners.set(owner, list);
      this.emptyLists += 1;
    }
    return list;
  }

  /** Appends a node (of `list`'s owner) as that owner's newest order. */
  add(node: OrderNode, list: OwnerOrders): void {
    if (list.count === 0) this.emptyLists -= 1;
    node.ownerOrders = list;
    node.ownerPrevious = list.tail;
    node.ownerNext = null;
    if (list.tail === null) list.head = node;
    else list.tail.ownerNext = node;
    list.tail = node;
    list.count += 1;
  }

  remove(node: OrderNode): void {
    const list = node.ownerOrders;
    if (list === null) return;
    if (node.ownerPrevious === null) list.head = node.ownerNext;
    else node.ownerPrevious.ownerNext = node.ownerNext;
    if (node.ownerNext === null) list.tail = node.ownerPrevious;
    else node.ownerNext.ownerPrevious = node.ownerPrevious;
    node.ownerPrevious = null;
    node.ownerNext = null;
    node.ownerOrders = null;
    list.count -= 1;
    if (list.count === 0) {
      this.emptyLists += 1;
      if (this.emptyLists > RETAINED_EMPTY_OWNER_LISTS && this.emptyLists > this.owners.size - this.emptyLists) {
        this.sweepEmptyLists();
      }
    }
  }

  private sweepEmptyLists(): void {
    // Deleting the current entry while iterating a Map is allowed and visits every other entry once.
    for (const [owner, list] of this.owners) if (list.count === 0) this.owners.delete(owner);
    this.emptyLists = 0;
  }

  /** The owner's resting orders, oldest first. */
  orders(owner: string): OrderNode[] {
    const list = this.owners.get(owner);
    if (list === undefined) return [];
    const result: OrderNode[] = [];
    let node = list.head;
    for (let visited = 0; node !== null && visited < list.count; visited++) {
      result.push(node);
      node = node.ownerNext;
    }
    return result;
  }

  /** The owner's oldest resting order; follow ownerNext for the rest (at most count(owner) of them). */
  oldest(owner: string): OrderNode | null {
    return this.owners.get(owner)?.head ?? null;
  }

  count(owner: string): number {
    return this.owners.get(owner)?.count ?? 0;
  }

  /** Owners with an entry, empty or not; for tests of the bound. */
  entryCount(): number {
    return this.owners.size;
  }
}
