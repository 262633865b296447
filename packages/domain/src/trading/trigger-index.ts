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
 * The tree nodes are the triggers (one object each); a map from position id to its first node, and a
 * short list through the position's nodes, remove a fired position's other levels without a scan or
 * a search. Costs, n = triggers held, k = triggers a tick crosses: setPosition O(log n); removePosition
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
  kindRank,
  MAXIMUM_TRIGGERS_PER_POSITION,
  type Trigger,
  type TriggerBook,
} from './trigger-rules';
import { TriggerNode, TriggerTree } from './trigger-tree';

export type { PositionDirection, Trigger, TriggerBook, TriggerKind } from './trigger-rules';

export interface TriggerBookOptions {
  /** Most triggers the book may hold; setPosition past it throws TriggerBookError. */
  capacity?: number;
}

interface ProductTriggers {
  readonly rising: TriggerTree;
  readonly falling: TriggerTree;
}

export class TriggerIndex implements TriggerBook {
  readonly capacity: number;
  /** Products with at least one trigger; an emptied product is dropped, so memory follows what is held. */
  private readonly products = new Map<string, ProductTriggers>();
  /** Each position's first trigger; the others follow through `nextOfPosition`. */
  private readonly positions = new Map<number, TriggerNode>();
  private count = 0;

  constructor(options: TriggerBookOptions = {}) {
    this.capacity = options.capacity ?? DEFAULT_TRIGGER_CAPACITY;
    assertCapacity(this.capacity);
  }

  get size(): number {
    return this.count;
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
    assertWithinCapacity(this.count - this.heldBy(positionId) + triggers.length, this.capacity);
    this.removePosition(positionId);
    const first = triggers[0];
    if (first === undefined) return;
    const product = this.productFor(first.productCode);
    let head: TriggerNode | null = null;
    for (const trigger of triggers) {
      const rising = firesRising(trigger.direction, trigger.kind);
      const node = new TriggerNode(
        positionId,
        trigger.productCode,
        trigger.direction,
        trigger.kind,
        trigger.price,
        rising ? trigger.price : -trigger.price,
        kindRank(trigger.kind),
      );
      (rising ? product.rising : product.falling).insert(node);
      node.nextOfPosition = head;
      head = node;
      this.count += 1;
    }
    if (head !== null) this.positions.set(positionId, head);
  }

  removePosition(positionId: number): void {
    const head = this.positions.get(positionId);
    if (head === undefined) return;
    this.positions.delete(positionId);
    this.retire(head);
    this.dropIfEmpty(head.productCode);
  }

  takeCrossed(productCode: string, price: bigint): Trigger[] {
    const product = this.products.get(productCode);
    if (product === undefined) return [];
    const taken: TriggerNode[] = [];
    this.count -= product.rising.takeUpTo(price, taken);
    this.count -= product.falling.takeUpTo(-price, taken);
    if (taken.length === 0) return [];
    const crossed: Trigger[] = [];
    for (const node of taken) {
      crossed.push(node.toTrigger());
      const head = this.positions.get(node.positionId);
      if (head === undefined) continue; // its position was already retired by an earlier node
      this.positions.delete(node.positionId);
      this.retire(head);
    }
    this.dropIfEmpty(productCode);
    return crossed.sort(compareTriggers);
  }

  /** Copies of the triggers a position has in the book (empty when none), in result order. */
  triggersOf(positionId: number): Trigger[] {
    assertPositionId(positionId);
    const triggers: Trigger[] = [];
    let node = this.positions.get(positionId) ?? null;
    for (let index = 0; node !== null && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      triggers.push(node.toTrigger());
      node = node.nextOfPosition;
    }
    return triggers.sort(compareTriggers);
  }

  /**
   * Checks every structural invariant and throws on the first violation: each tree is a balanced
   * search tree; every held node is in the tree its direction and kind select, under its own product,
   * listed under its position; counts agree. O(n), for tests and debug paths.
   */
  assertInvariants(): void {
    let treeNodes = 0;
    for (const [productCode, product] of this.products) {
      product.rising.assertInvariants();
      product.falling.assertInvariants();
      if (product.rising.size + product.falling.size === 0) throw new Error(`empty product ${productCode} is kept`);
      treeNodes += product.rising.size + product.falling.size;
    }
    let listed = 0;
    for (const [positionId, head] of this.positions) {
      let node: TriggerNode | null = head;
      let kindsSeen = 0;
      for (let index = 0; node !== null; index++) {
        if (index >= MAXIMUM_TRIGGERS_PER_POSITION) throw new Error(`position ${positionId} lists too many triggers`);
        const product = this.products.get(node.productCode);
        const rising = firesRising(node.direction, node.kind);
        const expectedTree = rising ? product?.rising : product?.falling;
        if (node.positionId !== positionId) throw new Error(`position ${positionId} lists a foreign trigger`);
        if (node.productCode !== head.productCode || node.direction !== head.direction) {
          throw new Error(`position ${positionId} mixes products or directions`);
        }
        if ((kindsSeen & (1 << node.kindRank)) !== 0) throw new Error(`position ${positionId} lists a kind twice`);
        kindsSeen |= 1 << node.kindRank;
        if (node.tree === null || node.tree !== expectedTree) {
          throw new Error(`trigger ${node.kind} of position ${positionId} is not in its tree`);
        }
        if (node.key !== (rising ? node.price : -node.price) || node.kindRank !== kindRank(node.kind)) {
          throw new Error(`trigger ${node.kind} of position ${positionId} has a stale key`);
        }
        listed += 1;
        node = node.nextOfPosition;
      }
    }
    if (treeNodes !== listed || listed !== this.count) {
      throw new Error(`trigger counts disagree: trees ${treeNodes}, positions ${listed}, size ${this.count}`);
    }
  }

  /** How many triggers a position holds now. */
  private heldBy(positionId: number): number {
    let held = 0;
    let node = this.positions.get(positionId) ?? null;
    for (let index = 0; node !== null && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      held += 1;
      node = node.nextOfPosition;
    }
    return held;
  }

  /** Takes a position's triggers out of their trees (those a tick already took are skipped). */
  private retire(head: TriggerNode): void {
    let node: TriggerNode | null = head;
    for (let index = 0; node !== null && index < MAXIMUM_TRIGGERS_PER_POSITION; index++) {
      const next: TriggerNode | null = node.nextOfPosition;
      if (node.tree !== null) {
        node.tree.remove(node);
        this.count -= 1;
      }
      node.nextOfPosition = null;
      node = next;
    }
  }

  private productFor(productCode: string): ProductTriggers {
    let product = this.products.get(productCode);
    if (product === undefined) {
      product = { rising: new TriggerTree(), falling: new TriggerTree() };
      this.products.set(productCode, product);
    }
    return product;
  }

  private dropIfEmpty(productCode: string): void {
    const product = this.products.get(productCode);
    if (product !== undefined && product.rising.size === 0 && product.falling.size === 0) {
      this.products.delete(productCode);
    }
  }
}
