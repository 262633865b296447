/**
 * A second, less naive baseline for context (not the reference): positions grouped by product, each
 * tick scanning every trigger of its own product only. It is what a sensible first version without
 * sorted structures would do, so the index is also measured against it. It trusts its input (the
 * benchmark's positions are well formed) and must give TriggerScan's answers: the run checks that.
 */
import { firesRising, type Trigger, type TriggerBook } from '../../packages/domain/src/trading/index';

function kindRank(trigger: Trigger): number {
  return trigger.kind === 'liquidation' ? 0 : trigger.kind === 'stop_loss' ? 1 : 2;
}

export class ProductScan implements TriggerBook {
  private readonly products = new Map<string, Map<number, Trigger[]>>();
  private readonly productOf = new Map<number, string>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  setPosition(positionId: number, triggers: readonly Trigger[]): void {
    this.removePosition(positionId);
    const first = triggers[0];
    if (first === undefined) return;
    let positions = this.products.get(first.productCode);
    if (positions === undefined) {
      positions = new Map();
      this.products.set(first.productCode, positions);
    }
    positions.set(
      positionId,
      triggers.map((trigger) => ({ ...trigger })),
    );
    this.productOf.set(positionId, first.productCode);
    this.count += triggers.length;
  }

  removePosition(positionId: number): void {
    const productCode = this.productOf.get(positionId);
    if (productCode === undefined) return;
    const positions = this.products.get(productCode);
    const triggers = positions?.get(positionId);
    positions?.delete(positionId);
    this.productOf.delete(positionId);
    this.count -= triggers?.length ?? 0;
  }

  takeCrossed(productCode: string, price: bigint): Trigger[] {
    const positions = this.products.get(productCode);
    if (positions === undefined) return [];
    const crossed: Trigger[] = [];
    const fired: number[] = [];
    for (const triggers of positions.values()) {
      let positionFired = false;
      for (const trigger of triggers) {
        const rising = firesRising(trigger.direction, trigger.kind);
        if (rising ? price >= trigger.price : price <= trigger.price) {
          crossed.push(trigger);
          positionFired = true;
        }
      }
      if (positionFired) fired.push(triggers[0]?.positionId ?? 0);
    }
    for (const positionId of fired) this.removePosition(positionId);
    return crossed.sort((a, b) => a.positionId - b.positionId || kindRank(a) - kindRank(b));
  }
}
