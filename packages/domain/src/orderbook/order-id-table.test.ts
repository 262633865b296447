import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MINIMUM_ORDER_WINDOW_SLOTS, OrderIdTable } from './order-id-table';
import { OrderNode, OrderNodePool } from './order-node';

const numRuns = process.env.CI ? 1000 : 200;
/** A tiny window, so that a few hundred operations grow it, shrink it and move it past orders. */
const TEST_MINIMUM_SLOTS = 8;

function nodeWithId(id: number): OrderNode {
  return new OrderNodePool().take(id, 'owner', 'buy', 100n, 10n, 10n, 10, false);
}

type Operation =
  | { kind: 'place'; gap: number }
  | { kind: 'placeOlder'; back: number }
  | { kind: 'delete'; pick: number; present: boolean }
  | { kind: 'get'; id: number };

/**
 * Like the book: ids rise (with gaps for orders that never rested), a restore adds older ids out of
 * order. `deleteWeight` varies per run, so that books grow, hold steady and drain (and the window shrinks).
 */
const operationArbitrary = (deleteWeight: number): fc.Arbitrary<Operation> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        gap: fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('placeOlder' as const), back: fc.nat(300) }) },
    {
      weight: deleteWeight,
      arbitrary: fc.record({
        kind: fc.constant('delete' as const),
        pick: fc.nat(),
        present: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('get' as const), id: fc.integer({ min: -5, max: 3_000 }) }) },
  );

/** Plain checks that throw, not expect(): this runs after every operation. */
function checkBounds(table: OrderIdTable, minimumSlots: number = MINIMUM_ORDER_WINDOW_SLOTS): void {
  const slots = table.windowSlots();
  if (slots < 2 * table.size || slots > Math.max(minimumSlots, 8 * table.size)) {
    throw new Error(`${slots} window slots for ${table.size} orders`);
  }
  if (table.olderCount() > table.size) throw new Error(`${table.olderCount()} older orders of ${table.size}`);
}

describe('OrderIdTable', () => {
  it('behaves like a Map from id to node, within its bounds', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 16 })
          .chain((deleteWeight) => fc.array(operationArbitrary(deleteWeight), { maxLength: 400, size: 'max' })),
        (operations) => {
          const table = new OrderIdTable(TEST_MINIMUM_SLOTS);
          const model = new Map<number, OrderNode>();
          // The model's ids in an array too, to pick one to delete in O(1).
          const ids: number[] = [];
          let newestId = 0;
          for (const operation of operations) {
            if (operation.kind === 'place') {
              newestId += operation.gap;
              const node = nodeWithId(newestId);
              table.add(node);
              model.set(node.id, node);
              ids.push(node.id);
            } else if (operation.kind === 'placeOlder') {
              const id = newestId - operation.back;
              if (id < 1 || model.has(id)) continue;
              const node = nodeWithId(id);
              table.add(node);
              model.set(id, node);
              ids.push(id);
            } else if (operation.kind === 'delete') {
              let id = operation.pick % (newestId + 10);
              if (operation.present && ids.length > 0) {
                const index = operation.pick % ids.length;
                id = ids[index] ?? 0;
                ids[index] = ids[ids.length - 1] ?? 0;
                ids.pop();
              }
              const deleted = model.delete(id);
              if (deleted && !operation.present) ids.splice(ids.indexOf(id), 1);
              if (table.delete(id) !== deleted) throw new Error(`delete(${id}) disagrees with the model`);
            } else if (table.get(operation.id) !== model.get(operation.id)) {
              throw new Error(`get(${operation.id}) disagrees with the model`);
            }
            if (table.size !== model.size) throw new Error('size disagrees with the model');
            checkBounds(table, TEST_MINIMUM_SLOTS);
          }
          for (const [id, node] of model) expect(table.get(id)).toBe(node);
          for (let id = Math.max(-2, newestId - 500); id <= newestId + 3; id++) {
            if (table.get(id) !== model.get(id)) throw new Error(`get(${id}) disagrees with the model`);
          }
        },
      ),
      { numRuns },
    );
  });

  it('keeps long-lived orders findable while the window moves far past them, and shrinks when they go', () => {
    const table = new OrderIdTable();
    const survivors: OrderNode[] = [];
    for (let id = 1; id <= 200_000; id++) {
      const node = nodeWithId(id);
      table.add(node);
      if (id % 1_000 === 0) survivors.push(node);
      else if (!table.delete(id)) throw new Error(`order ${id} was not found to delete`);
    }
    expect(table.size).toBe(200);
    for (const node of survivors) expect(table.get(node.id)).toBe(node);
    checkBounds(table);
    for (const node of survivors) expect(table.delete(node.id)).toBe(true);
    expect(table.size).toBe(0);
    expect(table.windowSlots()).toBe(MINIMUM_ORDER_WINDOW_SLOTS);
    expect(table.olderCount()).toBe(0);
  });

  it('moves the orders a shrinking window no longer covers to the Map, and finds them there', () => {
    const table = new OrderIdTable();
    const nodes = Array.from({ length: 10_000 }, (_, index) => nodeWithId(index + 1));
    for (const node of nodes) table.add(node);
    expect(table.windowSlots()).toBeGreaterThanOrEqual(20_000);
    // Keep the 100 oldest and drain the rest: the window halves down to the minimum, past the keepers' ids.
    for (const node of nodes.slice(100).reverse()) table.delete(node.id);
    expect(table.windowSlots()).toBe(MINIMUM_ORDER_WINDOW_SLOTS);
    for (const node of nodes.slice(0, 100)) expect(table.get(node.id)).toBe(node);
    expect(table.olderCount()).toBe(100);
    checkBounds(table);
  });

  it('grows with a deep book and finds every order in it', () => {
    const table = new OrderIdTable();
    const nodes = Array.from({ length: 50_000 }, (_, index) => nodeWithId(3 * index + 1));
    for (const node of nodes) table.add(node);
    checkBounds(table);
    for (const node of nodes) expect(table.get(node.id)).toBe(node);
    expect(table.get(2)).toBeUndefined();
    expect(table.get(150_001)).toBeUndefined();
  });
});
