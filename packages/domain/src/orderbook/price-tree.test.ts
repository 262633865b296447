import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';

const numRuns = process.env.CI ? 1000 : 200;

/**
 * Checks the AVL invariants below `level` (search order, balance, stored heights) and returns its
 * height. Plain checks that throw, not expect() per node: this runs after every operation.
 */
function checkSubtree(level: PriceLevel | null, low: bigint | null, high: bigint | null): number {
  if (level === null) return 0;
  if ((low !== null && level.price <= low) || (high !== null && level.price >= high)) {
    throw new Error(`level ${level.price} is out of search order`);
  }
  const left = checkSubtree(level.left, low, level.price);
  const right = checkSubtree(level.right, level.price, high);
  if (Math.abs(left - right) > 1) throw new Error(`level ${level.price} is out of balance: ${left} vs ${right}`);
  if (level.height !== Math.max(left, right) + 1) throw new Error(`level ${level.price} has a stale height`);
  return level.height;
}

function rootOf(tree: PriceTree): PriceLevel | null {
  // The root is private; the walk's first visit of an ascending traversal is not it, so reach in for tests.
  return (tree as unknown as { root: PriceLevel | null }).root;
}

describe('PriceTree', () => {
  it('stays a balanced search tree holding exactly the inserted prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), price: fc.bigInt({ min: 1n, max: 60n }) }), {
          maxLength: 400,
          size: 'max',
        }),
        (operations) => {
          const tree = new PriceTree();
          const model = new Set<bigint>();
          for (const operation of operations) {
            if (operation.add && !model.has(operation.price)) {
              tree.insert(new PriceLevel(operation.price));
              model.add(operation.price);
            } else if (!operation.add) {
              tree.remove(operation.price);
              model.delete(operation.price);
            }
            checkSubtree(rootOf(tree), null, null);
          }
          const ascending = [...model].sort((a, b) => (a < b ? -1 : 1));
          const walked: bigint[] = [];
          tree.walk(false, Number.MAX_SAFE_INTEGER, (level) => walked.push(level.price) > 0);
          expect(walked).toEqual(ascending);
          const descending: bigint[] = [];
          tree.walk(true, Number.MAX_SAFE_INTEGER, (level) => descending.push(level.price) > 0);
          expect(descending).toEqual([...ascending].reverse());
          expect(tree.size()).toBe(model.size);
          expect(tree.lowest()?.price).toBe(ascending[0]);
          expect(tree.highest()?.price).toBe(ascending.at(-1));
          for (const price of model) expect(tree.find(price)?.price).toBe(price);
        },
      ),
      { numRuns },
    );
  });

  it('orders prices exactly where their Number keys tie (above 2^53), and ignores removing an absent level', () => {
    const base = 2n ** 60n; // doubles are 256 apart here: neighbouring prices share a key
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), offset: fc.bigInt({ min: 0n, max: 600n }) }), {
          maxLength: 300,
          size: 'max',
        }),
        (operations) => {
          const tree = new PriceTree();
          const levels = new Map<bigint, PriceLevel>();
          for (const operation of operations) {
            const price = base + operation.offset;
            const existing = levels.get(price);
            if (operation.add && existing === undefined) {
              const level = new PriceLevel(price);
              tree.insert(level);
              levels.set(price, level);
            } else if (!operation.add) {
              // A stranger at the same price is not in the tree: removing it changes nothing.
              tree.removeLevel(new PriceLevel(price));
              if (existing !== undefined) tree.removeLevel(existing);
              levels.delete(price);
            }
            checkSubtree(rootOf(tree), null, null);
            expect(tree.size()).toBe(levels.size);
          }
          const walked: bigint[] = [];
          tree.walk(false, Number.MAX_SAFE_INTEGER, (level) => walked.push(level.price) > 0);
          expect(walked).toEqual([...levels.keys()].sort((a, b) => (a < b ? -1 : 1)));
          for (const [price, level] of levels) expect(tree.find(price)).toBe(level);
          expect(tree.find(base + 601n)).toBeUndefined();
        },
      ),
      { numRuns },
    );
  });

  it('keeps a logarithmic height for sorted insertions (the worst case of an unbalanced tree)', () => {
    const tree = new PriceTree();
    for (let price = 1n; price <= 100_000n; price++) tree.insert(new PriceLevel(price));
    expect(tree.height()).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(100_002)));
    for (let price = 1n; price <= 99_000n; price++) tree.remove(price);
    expect(tree.size()).toBe(1000);
    expect(tree.lowest()?.price).toBe(99_001n);
    checkSubtree(rootOf(tree), null, null);
  });
});
