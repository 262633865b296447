/**
 * Each owner's resting orders, oldest first, as an intrusive list through the order nodes: adding and
 * removing are O(1), and openOrders(owner) costs only that owner's orders, never the book's.
 */
import type { OrderNode } from './order-node';

interface OwnerOrders {
  head: OrderNode | null;
  tail: OrderNode | null;
  count: number;
}

export class OwnerIndex {
  private readonly owners = new Map<string, OwnerOrders>();

  add(node: OrderNode): void {
    let list = this.owners.get(node.owner);
    if (list === undefined) {
      list = { head: null, tail: null, count: 0 };
      this.owners.set(node.owner, list);
    }
    node.ownerPrevious = list.tail;
    node.ownerNext = null;
    if (list.tail === null) list.head = node;
    else list.tail.ownerNext = node;
    list.tail = node;
    list.count += 1;
  }

  remove(node: OrderNode): void {
    const list = this.owners.get(node.owner);
    if (list === undefined) return;
    if (node.ownerPrevious === null) list.head = node.ownerNext;
    else node.ownerPrevious.ownerNext = node.ownerNext;
    if (node.ownerNext === null) list.tail = node.ownerPrevious;
    else node.ownerNext.ownerPrevious = node.ownerPrevious;
    node.ownerPrevious = null;
    node.ownerNext = null;
    list.count -= 1;
    // Owners come and go; an empty entry would be a slow leak.
    if (list.count === 0) this.owners.delete(node.owner);
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
}
