/**
 * The resting orders by id. Ids are handed out in sequence, so most resting orders carry recent ids:
 * those live in a window, an array indexed by id modulo its length that covers the most recent ids;
 * the few orders that outlive the window move to a Map.
 *
 * Why not a Map for all: every resting order is added once and deleted once, and a V8 Map under that
 * churn keeps reallocating its backing store; measured on Node 20, one set plus one delete cost about
 * 110 ns and was the largest single item of the engine's profile. In the window an add, a lookup and a
 * delete are one array access each, with no hashing and no probing (so no key pattern can make them
 * slow), and ids close in time sit close in memory.
 *
 * Bounds: the window has at least twice as many slots as there are resting orders (it doubles past
 * that) and at most eight times as many, or MINIMUM_ORDER_WINDOW_SLOTS (it halves below that); the Map
 * holds resting orders only. Every move between the two is paid for by the adds, or by the growth or
 * shrinkage of the book, since the last one.
 */
import type { OrderNode } from './order-node';

/** Small enough for an empty book (8 kB), large enough that a book of a few hundred orders never resizes. */
export const MINIMUM_ORDER_WINDOW_SLOTS = 1024;

export class OrderIdTable {
  /** window[id & mask] holds the resting order with that id, for ids above newestId - window.length. */
  private window: (OrderNode | null)[];
  private mask: number;
  /** The highest id ever added: the window covers newestId - window.length + 1 .. newestId. */
  private newestId = 0;
  /** Resting orders whose ids are below the window. */
  private readonly older = new Map<number, OrderNode>();
  private count = 0;

  /** `minimumWindowSlots`, a power of two, is smaller only in tests, to reach every path with few orders. */
  constructor(private readonly minimumWindowSlots: number = MINIMUM_ORDER_WINDOW_SLOTS) {
    this.window = new Array<OrderNode | null>(minimumWindowSlots).fill(null);
    this.mask = minimumWindowSlots - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Slots in the window; for tests of the bounds. */
  windowSlots(): number {
    return this.window.length;
  }

  /** Orders kept outside the window; for tests of the bounds. */
  olderCount(): number {
    return this.older.size;
  }

  get(id: number): OrderNode | undefined {
    if (id > this.newestId - this.window.length) {
      // A slot holds only ids congruent to its index; ids above newestId were never added.
      const node = this.window[id & this.mask];
      return node !== null && node !== undefined && node.id === id ? node : undefined;
    }
    return this.older.get(id);
  }

  /** Adds a node whose id is not in the table (ids are unique: the book hands each out once). */
  add(node: OrderNode): void {
    const id = node.id;
    if (id > this.newestId) this.advanceTo(id);
    if (id > this.newestId - this.window.length) this.window[id & this.mask] = node;
    else this.older.set(id, node); // only when restoring a snapshot, which adds in price order
    this.count += 1;
    if (this.count * 2 > this.window.length) this.resize(this.window.length * 2);
  }

  /** Removes the node with this id; returns whether there was one. */
  delete(id: number): boolean {
    if (id > this.newestId - this.window.length) {
      const slot = id & this.mask;
      const node = this.window[slot];
      if (node === null || node === undefined || node.id !== id) return false;
      this.window[slot] = null;
    } else if (!this.older.delete(id)) {
      return false;
    }
    this.count -= 1;
    if (this.count * 8 < this.window.length && this.window.length > this.minimumWindowSlots) {
      this.resize(this.window.length / 2);
    }
    return true;
  }

  /**
   * Moves the window up to end at `id`: the slots it takes over belong to ids that leave the window, so
   * any order still in them moves to the Map. Visits each slot at most once per call, and a call never
   * visits more slots than ids were skipped since the previous one.
   */
  private advanceTo(id: number): void {
    const slots = this.window.length;
    const steps = Math.min(id - this.newestId, slots);
    let slot = this.newestId & this.mask;
    for (let step = 0; step < steps; step++) {
      slot = (slot + 1) & this.mask;
      const node = this.window[slot];
      if (node !== null && node !== undefined) {
        this.older.set(node.id, node);
        this.window[slot] = null;
      }
    }
    this.newestId = id;
  }

  /** Rebuilds the window with `slots` slots, moving orders between it and the Map as the range changes. */
  private resize(slots: number): void {
    const previous = this.window;
    this.window = new Array<OrderNode | null>(slots).fill(null);
    this.mask = slots - 1;
    const lowestWindowId = this.newestId - slots + 1;
    for (const node of previous) {
      if (node === null || node === undefined) continue;
      if (node.id >= lowestWindowId) this.window[node.id & this.mask] = node;
      else this.older.set(node.id, node);
    }
    if (slots > previous.length) {
      // Deleting the current entry while iterating a Map is allowed and visits every other entry once.
      for (const [id, node] of this.older) {
        if (id < lowestWindowId) continue;
        this.window[id & this.mask] = node;
        this.older.delete(id);
      }
    }
  }
}
