import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderNode, OrderNodePool } from './order-node';
import { OwnerIndex, RETAINED_EMPTY_OWNER_LISTS } from './owner-index';
import { hashOwner } from './state-hash';

const numRuns = process.env.CI ? 1000 : 200;

describe('OwnerIndex', () => {
  it("lists each owner's orders oldest first, like a simple model, within its bound on entries", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ add: fc.boolean(), owner: fc.integer({ min: 0, max: 40 }), pick: fc.nat(), reuse: fc.boolean() }),
          {
            maxLength: 600,
            size: 'max',
          },
        ),
        (operations) => {
          const index = new OwnerIndex();
          const model = new Map<string, OrderNode[]>();
          // Removed nodes come back for new orders, as the book's node pool makes them.
          const removed: OrderNode[] = [];
          // Every resting node, to pick one to remove in O(1).
          const resting: OrderNode[] = [];
          let nextId = 1;
          for (const operation of operations) {
            const owner = `owner-${operation.owner}`;
            if (operation.add) {
              const spare = operation.reuse ? removed.pop() : undefined;
              const node = spare ?? new OrderNodePool().take(nextId, owner, 'sell', 5n, 1n, 1n, 1, false);
              node.id = nextId++;
              node.owner = owner;
              const list = index.listFor(owner);
              expect(list.ownerHash).toBe(hashOwner(owner) | 0);
              index.add(node, list);
              model.set(owner, [...(model.get(owner) ?? []), node]);
              resting.push(node);
            } else {
              const picked = operation.pick % Math.max(1, resting.length);
              const node = resting[picked];
              if (node === undefined) continue;
              resting[picked] = resting[resting.length - 1] ?? node;
              resting.pop();
              index.remove(node);
              removed.push(node);
              model.set(
                node.owner,
                (model.get(node.owner) ?? []).filter((other) => other !== node),
              );
            }
            const nonEmpty = [...model.values()].filter((nodes) => nodes.length > 0).length;
            if (index.entryCount() > 2 * nonEmpty + RETAINED_EMPTY_OWNER_LISTS + 1) {
              throw new Error(`${index.entryCount()} owner entries for ${nonEmpty} owners with orders`);
            }
          }
          for (let owner = 0; owner <= 40; owner++) {
            const name = `owner-${owner}`;
            const expected = model.get(name) ?? [];
            expect(index.orders(name)).toEqual(expected);
            expect(index.count(name)).toBe(expected.length);
            expect(index.oldest(name)).toBe(expected[0] ?? null);
          }
        },
      ),
      { numRuns },
    );
  });

  it('sweeps empty lists once they outnumber the retained allowance and the non-empty ones', () => {
    const index = new OwnerIndex();
    const keeper = new OrderNodePool().take(1, 'keeper', 'buy', 5n, 1n, 1n, 1, false);
    index.add(keeper, index.listFor('keeper'));
    for (let owner = 0; owner < 10 * RETAINED_EMPTY_OWNER_LISTS; owner++) {
      const node = new OrderNodePool().take(owner + 2, `passer-${owner}`, 'buy', 5n, 1n, 1n, 1, false);
      index.add(node, index.listFor(node.owner));
      index.remove(node);
      expect(index.entryCount()).toBeLessThanOrEqual(RETAINED_EMPTY_OWNER_LISTS + 2);
    }
    expect(index.orders('keeper')).toEqual([keeper]);
    expect(index.orders('passer-0')).toEqual([]);
    expect(index.count('passer-0')).toBe(0);
  });
});
