/**
 * The price-trigger index: take-profit, stop-loss and liquidation levels of every open contract
 * position, held per product in two ordered sets, so a tick finds exactly the positions it crosses in
 * time that grows with the number crossed, not with the number open.
 *
 * Per product:
 * - the rising set (a long's take-profit, a short's stop-loss and liquidation) fires at p >= level, so
 *   it is consumed from its lowest level up while level <= p;
 * - the falling set (a long's stop-loss and liquidation, a short's take-profit) fires at p <= level, so
 *   it is consumed from its highest level down while level >= p. It is stored with negated keys, which
 *   turns that into the same "lowest first" consumption (trigger-tree.ts).
 * Nodes live in a TriggerPool (typed arrays, no object per trigger: trigger-pool.ts says why); a map
 * from position id to its first node, and a short list through the position's nodes, remove a fired
 * position's other levels without a scan or a search. Levels must lie inside the signed 64-bit range.
 * Costs, n = triggers held, k = triggers a tick crosses: setPosition O(log n); removePosition
 * O(log n) worst case, usually a few steps (no search, only a climb while heights change);
 * takeCrossed O(log n + k) for the cut plus that removal cost for each fired position's other one or
 * two levels, and O(k log k) to sort the answer.
 *
 * TriggerScan (trigger-scan.ts) is the full-scan reference; the property tests demand identical answers.
 */
import {
  assertCapacity,
  assertPositionId,
  assertPositionTriggers,
  assertWithinCapacity,
  compareTriggers,
  DEFAULT_TRIGGER_CAPACITY,
  firesRising,
  HIGHEST_LEVEL,
  kindRank,
  LOWEST_LEVEL,
  MAXIMUM_TRIGGERS_PER_POSITION,
  type Trigger,
  type TriggerBook,
} from './trigger-rules';
import { splitKey, TriggerPool, type SplitKey } from './trigger-pool';
import { TREE_LAYOUT, TriggerTree } from './trigger-tree';

// Module-local copies of the pool's markers: imported bindings are slow in hot loops (trigger-tree.ts).
const NO_NODE = TREE_LAYOUT.NO_NODE;
const DETACHED = TREE_LAYOUT.DETACHED;

export type { PositionDirection, Trigger, TriggerBook, TriggerKind } from './trigger-rules';

export interface TriggerBookOptions {
  /** Most triggers the book may hold; setPosition past it throws TriggerBookError. */
  capacity?: number;
}

/** A product's two sets. Tree ids are 2 x slot (rising) and 2 x slot + 1 (falling). */
interface ProductTriggers {
  readonly productCode: string;
  readonly slot: number;
  readonly rising: TriggerTree;
  readonly falling: TriggerTree;
}

/** A tick price as the cut threshold of each set, clamped to the key range (levels never lie outside it). */
function thresholdOf(key: bigint): SplitKey {
  if (key > HIGHEST_LEVEL) return splitKey(HIGHEST_LEVEL);
  if (key < LOWEST_LEVEL) return splitKey(LOWEST_LEVEL - 1n);
  return splitKey(key);
}

export class TriggerIndex implements TriggerBook {
  readonly capacity: number;
  private readonly pool: TriggerPool;
  /** Products with at least one trigger; an emptied product is dropped, so memory follows what is held. */
  private readonly products = new Map<string, ProductTriggers>();
  /** Products by slot (tree id >> 1); slots of dropped products are reused. */
  private readonly productBySlot: (ProductTriggers | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Each position's first node; the others follow through the pool's `next`. */
  private readonly positions = new Map<number, number>();

  constructor(options: TriggerBookOptions = {}) {
    this.capacity = options.capacity ?? DEFAULT_TRIGGER_CAPACITY;
    assertCapacity(this.capacity);
    this.pool = new TriggerPool(this.capacity);
  }

  get size(): number {
    return this.pool.live;
  }

  /** Positions with at least one trigger held. */
  get positionCount(): number {
    return this.positions.size;
  }

  /** Products with at least one trigger held. */
  get productCount(): number {
    return this.products.size;
  }

  setPosition(positionId: number, triggers: readonly Trigger[]): void {
    assertPositionTriggers(positionId, triggers);
    const previous = this.positions.get(positionId);
    assertWithinCapacity(this.size - this.heldFrom(previous) + triggers.length, this.capacity);
    if (previous !== undefined) this.retirePosition(positionId, previous);
    const first = triggers[0];
    if (first === undefined) return;
    const product = this.productFor(first.productCode);
    let head: number = NO_NODE;
    for (const trigger of triggers) {
      const rising = firesRising(trigger.direction, trigger.kind);
      const node = this.pool.allocate(
        positionId,
        rising ? trigger.price : -trigger.price,
        kindRank(trigger.kind),
        trigger.direction,
      );
      (rising ? product.rising : product.falling).insert(node);
      this.pool.setNext(node, head);
      head = node;
    }
    this.positions.set(positionId, head);
  }

  removePosition(positionId: number): void {
    const head = this.positions.get(positionId);
    if (head !== undefined) this.retirePosition(positionId, head);
  }

  takeCrossed(productCode: string, price: bigint): Trigger[] {
    const product = this.products.get(productCode);
    if (product === undefined) return [];
    const taken: number[] = [];
    const risingCount = product.rising.takeUpTo(thresholdOf(price), taken);
    product.falling.takeUpTo(thresholdOf(-price), taken);
    if (taken.length === 0) return [];
    const pool = this.pool;
    const crossed: Trigger[] = [];
    for (let index = 0; index < taken.length; index++) {
      const node = taken[index]!;
      const key = pool.key(node);
      crossed.push({
        positionId: pool.positionIdOf(node),
        productCode,
        direction: pool.direction(node),
        kind: pool.kind(node),
        price: index < risingCount ? key : -key,
      });
    }
    // Every node is read; now retire the fired positions (their other levels leave their trees too).
    for (const node of taken) {
      const positionId = pool.positionIdOf(node);
      const head = this.positions.get(positionId);
      if (head === undefined) continue; // its position was already retired by an earlier node
      this.positions.delete(positionId);
      this.retire(head);
    }
    this.dropIfEmpty(product);
    return crossed.sort(compareTriggers);
  }

  /** Copies of the triggers a position has in the book (empty when none), in result order. */
  triggersOf(positionId: number): Trigger[] {
    assertPositionId(positionId);
    const triggers: Trigger[] = [];
    let node = this.positions.get(positionId) ?? NO_NODE;
    for (let index = 0; node !== NO_NODE && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      triggers.push(this.triggerAt(node));
      node = this.pool.nextOf(node);
    }
    return triggers.sort(compareTriggers);
  }

  /**
   * Checks every structural invariant and throws on the first violation: each tree is a balanced
   * search tree; every held node is in the tree its direction and kind select, under its own product,
   * listed under its position; counts and the pool's free list agree. O(n), for tests and debug paths.
   */
  assertInvariants(): void {
    const pool = this.pool;
    let treeNodes = 0;
    for (const [productCode, product] of this.products) {
      if (product.productCode !== productCode || this.productBySlot[product.slot] !== product) {
        throw new Error(`product ${productCode} is filed under the wrong slot`);
      }
      product.rising.assertInvariants();
      product.falling.assertInvariants();
      if (product.rising.size + product.falling.size === 0) throw new Error(`empty product ${productCode} is kept`);
      treeNodes += product.rising.size + product.falling.size;
    }
    let listed = 0;
    for (const [positionId, head] of this.positions) {
      const headProduct = this.productOfNode(head);
      let node = head;
      let kindsSeen = 0;
      for (let index = 0; node !== NO_NODE; index++) {
        if (index >= MAXIMUM_TRIGGERS_PER_POSITION) throw new Error(`position ${positionId} lists too many triggers`);
        const tree = pool.treeOf(node);
        const product = this.productOfNode(node);
        if (product === undefined || product !== headProduct) throw new Error(`position ${positionId} mixes products`);
        if (pool.positionIdOf(node) !== positionId) throw new Error(`position ${positionId} lists a foreign trigger`);
        if (pool.direction(node) !== pool.direction(head)) throw new Error(`position ${positionId} mixes directions`);
        const rank = pool.kindRank(node);
        if ((kindsSeen & (1 << rank)) !== 0) throw new Error(`position ${positionId} lists a kind twice`);
        kindsSeen |= 1 << rank;
        const rising = firesRising(pool.direction(node), pool.kind(node));
        if ((tree & 1) !== (rising ? 0 : 1)) throw new Error(`position ${positionId} has a level in the wrong set`);
        listed += 1;
        node = pool.nextOf(node);
      }
    }
    if (treeNodes !== listed || listed !== pool.live) {
      throw new Error(`trigger counts disagree: trees ${treeNodes}, positions ${listed}, pool ${pool.live}`);
    }
    if (pool.live + pool.countFree() !== pool.used) throw new Error('trigger pool leaks slots');
  }

  /** Forgets a held position: its nodes leave their trees and the pool, an emptied product goes. */
  private retirePosition(positionId: number, head: number): void {
    const product = this.productOfNode(head);
    this.positions.delete(positionId);
    this.retire(head);
    if (product !== undefined) this.dropIfEmpty(product);
  }

  /** How many triggers the list starting at `head` holds. */
  private heldFrom(head: number | undefined): number {
    let held = 0;
    let node = head ?? NO_NODE;
    for (let index = 0; node !== NO_NODE && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      held += 1;
      node = this.pool.nextOf(node);
    }
    return held;
  }

  private triggerAt(node: number): Trigger {
    const pool = this.pool;
    const tree = pool.treeOf(node);
    const key = pool.key(node);
    return {
      positionId: pool.positionIdOf(node),
      productCode: this.productBySlot[tree >> 1]?.productCode ?? '',
      direction: pool.direction(node),
      kind: pool.kind(node),
      price: (tree & 1) === 0 ? key : -key,
    };
  }

  private productOfNode(node: number): ProductTriggers | undefined {
    const tree = this.pool.treeOf(node);
    return tree < 0 ? undefined : this.productBySlot[tree >> 1];
  }

  /** Takes a position's nodes out of their trees (those a tick already took are skipped) and frees them. */
  private retire(head: number): void {
    const pool = this.pool;
    let node = head;
    for (let index = 0; node !== NO_NODE && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      const next = pool.nextOf(node);
      const tree = pool.treeOf(node);
      if (tree !== DETACHED) {
        const product = this.productBySlot[tree >> 1];
        if (product === undefined) throw new Error(`trigger node ${node} names a missing product`);
        ((tree & 1) === 0 ? product.rising : product.falling).remove(node);
      }
      pool.release(node);
      node = next;
    }
  }

  private productFor(productCode: string): ProductTriggers {
    let product = this.products.get(productCode);
    if (product === undefined) {
      const slot = this.freeSlots.pop() ?? this.productBySlot.length;
      product = {
        productCode,
        slot,
        rising: new TriggerTree(this.pool, 2 * slot),
        falling: new TriggerTree(this.pool, 2 * slot + 1),
      };
      this.products.set(productCode, product);
      this.productBySlot[slot] = product;
    }
    return product;
  }

  private dropIfEmpty(product: ProductTriggers): void {
    if (product.rising.size === 0 && product.falling.size === 0 && this.products.get(product.productCode) === product) {
      this.products.delete(product.productCode);
      this.productBySlot[product.slot] = undefined;
      this.freeSlots.push(product.slot);
    }
  }
}
