/**
 * The vocabulary of price triggers (take-profit, stop-loss and liquidation levels of open contract
 * positions) and the rules both trigger books share: which way a level fires, the order results come
 * in, and what a position's triggers must look like. Pure: no I/O, no clock.
 */

export type TriggerKind = 'take_profit' | 'stop_loss' | 'liquidation';
export type PositionDirection = 'long' | 'short';

export interface Trigger {
  positionId: number;
  productCode: string;
  direction: PositionDirection;
  kind: TriggerKind;
  /** Price level in the product's price units (bigint fixed-point at the product's price scale). */
  price: bigint;
}

/** Implemented by TriggerIndex (fast) and TriggerScan (reference); both must answer identically. */
export interface TriggerBook {
  /** Adds a position's levels (0 to 3 triggers, all of one position). Replaces any it had. */
  setPosition(positionId: number, triggers: readonly Trigger[]): void;
  /** Forgets a position (closed by hand). Unknown ids are ignored. */
  removePosition(positionId: number): void;
  /**
   * Every trigger this price crosses for this product, removed from the book together with every
   * other trigger of the same positions (a position fires once). Sorted by positionId, then kind in
   * the order liquidation, stop_loss, take_profit.
   */
  takeCrossed(productCode: string, price: bigint): Trigger[];
  /** Triggers currently held. */
  readonly size: number;
}

/** Thrown for a caller's mistake (a malformed position or a full book); the book is left unchanged. */
export class TriggerBookError extends Error {
  override readonly name = 'TriggerBookError';
}

/**
 * Levels lie strictly inside the signed 64-bit range (what a BIGINT column holds; the index keeps them
 * as two 32-bit numbers, and a negated level must stay in range). Tick prices may be any bigint.
 */
export const HIGHEST_LEVEL = 2n ** 63n - 1n;
export const LOWEST_LEVEL = -HIGHEST_LEVEL;

/** One position has at most one trigger of each kind. */
export const MAXIMUM_TRIGGERS_PER_POSITION = 3;

/**
 * Default bound on the triggers one book holds: about 2.8 million positions with all three levels,
 * roughly 0.6 GiB of index. A server that truly needs more passes a larger capacity; reaching the bound
 * otherwise means positions are leaking (never removed), which must fail loudly, not swap.
 */
export const DEFAULT_TRIGGER_CAPACITY = 8_388_608;

/** Kinds in result order: when several levels of one position are crossed, liquidation comes first. */
export const TRIGGER_KIND_ORDER: readonly TriggerKind[] = ['liquidation', 'stop_loss', 'take_profit'];

export function kindRank(kind: TriggerKind): number {
  return kind === 'liquidation' ? 0 : kind === 'stop_loss' ? 1 : 2;
}

/**
 * True for the levels that fire when the price rises to them: a long's take-profit, a short's
 * stop-loss and liquidation. The others (a long's stop-loss and liquidation, a short's take-profit)
 * fire when the price falls to them.
 */
export function firesRising(direction: PositionDirection, kind: TriggerKind): boolean {
  return (direction === 'long') === (kind === 'take_profit');
}

/** The crossing rule, inclusive: a rising level L fires at p >= L, a falling one at p <= L. */
export function triggerCrosses(trigger: Trigger, price: bigint): boolean {
  return firesRising(trigger.direction, trigger.kind) ? price >= trigger.price : price <= trigger.price;
}

/** Result order: positionId, then kind (liquidation, stop_loss, take_profit). */
export function compareTriggers(a: Trigger, b: Trigger): number {
  if (a.positionId !== b.positionId) return a.positionId - b.positionId;
  return kindRank(a.kind) - kindRank(b.kind);
}

export function copyTrigger(trigger: Trigger): Trigger {
  return {
    positionId: trigger.positionId,
    productCode: trigger.productCode,
    direction: trigger.direction,
    kind: trigger.kind,
    price: trigger.price,
  };
}

export function assertPositionId(positionId: number): void {
  if (!Number.isSafeInteger(positionId)) throw new TriggerBookError(`position id ${positionId} is not a safe integer`);
}

/**
 * Checks that `triggers` are well formed and all belong to `positionId`: at most one per kind, one
 * product and one direction between them. Runs before any change, so a refused call changes nothing.
 * The checks are at run time because the server builds these from database rows.
 */
export function assertPositionTriggers(positionId: number, triggers: readonly Trigger[]): void {
  assertPositionId(positionId);
  if (triggers.length > MAXIMUM_TRIGGERS_PER_POSITION) {
    throw new TriggerBookError(`position ${positionId} has ${triggers.length} triggers, at most 3 allowed`);
  }
  const first = triggers[0];
  let kindsSeen = 0;
  for (const trigger of triggers) {
    if (trigger.positionId !== positionId) {
      throw new TriggerBookError(`trigger of position ${trigger.positionId} given for position ${positionId}`);
    }
    if (typeof trigger.productCode !== 'string' || trigger.productCode.length === 0) {
      throw new TriggerBookError(`position ${positionId} has a trigger without a product code`);
    }
    // Plain comparisons, not Set lookups: this runs for every position the server opens or rebuilds.
    if (trigger.direction !== 'long' && trigger.direction !== 'short') {
      throw new TriggerBookError(`position ${positionId} has an unknown direction ${String(trigger.direction)}`);
    }
    if (trigger.kind !== 'liquidation' && trigger.kind !== 'stop_loss' && trigger.kind !== 'take_profit') {
      throw new TriggerBookError(`position ${positionId} has an unknown trigger kind ${String(trigger.kind)}`);
    }
    if (typeof trigger.price !== 'bigint') {
      throw new TriggerBookError(`position ${positionId} has a ${trigger.kind} level that is not a bigint`);
    }
    if (trigger.price > HIGHEST_LEVEL || trigger.price < LOWEST_LEVEL) {
      throw new TriggerBookError(`position ${positionId} has a ${trigger.kind} level outside the signed 64-bit range`);
    }
    if (first !== undefined && (trigger.productCode !== first.productCode || trigger.direction !== first.direction)) {
      throw new TriggerBookError(`position ${positionId} mixes products or directions`);
    }
    const bit = 1 << kindRank(trigger.kind);
    if ((kindsSeen & bit) !== 0) throw new TriggerBookError(`position ${positionId} has two ${trigger.kind} levels`);
    kindsSeen |= bit;
  }
}

/** Refuses a change that would take the book past its capacity. */
export function assertWithinCapacity(sizeAfter: number, capacity: number): void {
  if (sizeAfter > capacity) {
    throw new TriggerBookError(`trigger book is full: ${sizeAfter} triggers would exceed its capacity of ${capacity}`);
  }
}

export function assertCapacity(capacity: number): void {
  if (!Number.isSafeInteger(capacity) || capacity < 0) {
    throw new TriggerBookError(`trigger capacity ${capacity} is not a non-negative integer`);
  }
}
