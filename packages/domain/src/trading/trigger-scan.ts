/**
 * The reference trigger book: the obvious full scan. Every tick looks at every trigger of every open
 * position, so it is slow (O(n) per tick) and plainly right; TriggerIndex must answer exactly as it
 * does. It shares only the rules (trigger-rules.ts) with the index, none of its structure.
 */
import {
  assertCapacity,
  assertPositionId,
  assertPositionTriggers,
  assertWithinCapacity,
  compareTriggers,
  copyTrigger,
  triggerCrosses,
  DEFAULT_TRIGGER_CAPACITY,
  type Trigger,
  type TriggerBook,
} from './trigger-rules';
import type { TriggerBookOptions } from './trigger-index';

export class TriggerScan implements TriggerBook {
  readonly capacity: number;
  private readonly positions = new Map<number, Trigger[]>();
  private count = 0;

  constructor(options: TriggerBookOptions = {}) {
    this.capacity = options.capacity ?? DEFAULT_TRIGGER_CAPACITY;
    assertCapacity(this.capacity);
  }

  get size(): number {
    return this.count;
  }

  setPosition(positionId: number, triggers: readonly Trigger[]): void {
    assertPositionTriggers(positionId, triggers);
    const previous = this.positions.get(positionId);
    assertWithinCapacity(this.count - (previous?.length ?? 0) + triggers.length, this.capacity);
    this.removePosition(positionId);
    if (triggers.length === 0) return;
    this.positions.set(positionId, triggers.map(copyTrigger));
    this.count += triggers.length;
  }

  removePosition(positionId: number): void {
    const triggers = this.positions.get(positionId);
    if (triggers === undefined) return;
    this.positions.delete(positionId);
    this.count -= triggers.length;
  }

  takeCrossed(productCode: string, price: bigint): Trigger[] {
    const crossed: Trigger[] = [];
    const fired: number[] = [];
    for (const triggers of this.positions.values()) {
      let positionFired = false;
      for (const trigger of triggers) {
        if (trigger.productCode === productCode && triggerCrosses(trigger, price)) {
          crossed.push(trigger);
          positionFired = true;
        }
      }
      if (positionFired) fired.push(triggers[0]?.positionId ?? 0);
    }
    for (const positionId of fired) this.removePosition(positionId);
    return crossed.sort(compareTriggers);
  }

  /** Copies of the triggers a position has in the book (empty when none), in result order. */
  triggersOf(positionId: number): Trigger[] {
    assertPositionId(positionId);
    return (this.positions.get(positionId) ?? []).map(copyTrigger).sort(compareTriggers);
  }
}
