import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as layout from './trigger-pool';
import { DETACHED, joinKey, splitKey, TriggerPool } from './trigger-pool';
import { compareNodes, TREE_LAYOUT, TriggerTree } from './trigger-tree';

const numRuns = process.env.CI ? 1000 : 200;

function describeNode(pool: TriggerPool, node: number): string {
  return `${pool.key(node)}/${pool.positionIdOf(node)}/${pool.kindRank(node)}`;
}

describe('trigger keys', () => {
  it('split into two numbers and join back exactly, in order, across the signed 64-bit range', () => {
    const key = fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n });
    fc.assert(
      fc.property(key, key, (a, b) => {
        const splitA = splitKey(a);
        const splitB = splitKey(b);
        expect(joinKey(splitA.high, splitA.low)).toBe(a);
        const numeric = splitA.high !== splitB.high ? splitA.high - splitB.high : splitA.low - splitB.low;
        expect(Math.sign(numeric)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: numRuns * 5 },
    );
  });
});

describe('TriggerTree', () => {
  it('stays a balanced search tree through random inserts, removes and takes, matching a sorted model', () => {
    const operation = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({ type: fc.constant('insert' as const), key: fc.bigInt({ min: -20n, max: 60n }) }),
      },
      { weight: 2, arbitrary: fc.record({ type: fc.constant('remove' as const), pick: fc.nat() }) },
      {
        weight: 1,
        arbitrary: fc.record({ type: fc.constant('take' as const), key: fc.bigInt({ min: -25n, max: 65n }) }),
      },
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 300, size: 'max' }), (operations) => {
        const pool = new TriggerPool(1_000);
        const tree = new TriggerTree(pool, 0);
        let model: number[] = [];
        let nextPositionId = 1;
        for (const step of operations) {
          if (step.type === 'insert') {
            const added = pool.allocate(nextPositionId++, step.key, nextPositionId % 3, 'long');
            tree.insert(added);
            model.push(added);
            model.sort((a, b) => compareNodes(pool, a, b));
          } else if (step.type === 'remove') {
            const victim = model[step.pick % Math.max(1, model.length)];
            if (victim === undefined) continue;
            tree.remove(victim);
            model = model.filter((held) => held !== victim);
            expect(pool.treeOf(victim)).toBe(DETACHED);
            pool.release(victim);
          } else {
            const taken: number[] = [];
            const count = tree.takeUpTo(splitKey(step.key), taken);
            const expected = model.filter((held) => pool.key(held) <= step.key);
            model = model.filter((held) => pool.key(held) > step.key);
            expect(count).toBe(expected.length);
            expect(taken.map((node) => describeNode(pool, node))).toEqual(
              expected.map((node) => describeNode(pool, node)),
            );
            for (const node of taken) {
              expect(pool.treeOf(node)).toBe(DETACHED);
              pool.release(node);
            }
          }
          tree.assertInvariants();
          expect(tree.size).toBe(model.length);
          expect(pool.live).toBe(model.length);
          const lowest = tree.lowest();
          expect(lowest === -1 ? null : pool.key(lowest)).toBe(model[0] === undefined ? null : pool.key(model[0]));
        }
      }),
      { numRuns },
    );
  });

  it('splits large trees in any proportion and keeps both halves balanced', () => {
    for (const threshold of [-1n, 0n, 1n, 2_499n, 5_000n, 9_998n, 9_999n, 20_000n]) {
      const pool = new TriggerPool(10_000);
      const tree = new TriggerTree(pool, 0);
      // Scrambled insertion order (7,919 is prime, so this visits every key once).
      for (let index = 0; index < 10_000; index++) {
        tree.insert(pool.allocate(index + 1, BigInt((index * 7_919) % 10_000), 0, 'long'));
      }
      const heightBefore = tree.height();
      expect(heightBefore).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(10_002)));
      const taken: number[] = [];
      const expected = Math.max(0, Math.min(10_000, Number(threshold) + 1));
      expect(tree.takeUpTo(splitKey(threshold), taken)).toBe(expected);
      expect(taken.map((node) => pool.key(node))).toEqual(
        Array.from({ length: expected }, (_, index) => BigInt(index)),
      );
      tree.assertInvariants();
      expect(tree.size).toBe(10_000 - expected);
      expect(tree.height()).toBeLessThanOrEqual(heightBefore);
    }
  });

  it('stays balanced while thousands of nodes are removed in scrambled order, without searching', () => {
    const pool = new TriggerPool(5_000);
    const tree = new TriggerTree(pool, 0);
    const nodes: number[] = [];
    // Duplicate keys on purpose: positions tie-break them.
    for (let index = 0; index < 5_000; index++) {
      nodes.push(pool.allocate(index + 1, BigInt((index * 3_571) % 1_000), 0, 'short'));
    }
    for (const node of nodes) tree.insert(node);
    tree.assertInvariants();
    for (let step = 0; step < nodes.length; step++) {
      const victim = nodes[(step * 2_003) % nodes.length];
      if (victim === undefined) throw new Error('no victim');
      tree.remove(victim);
      if (step % 250 === 0) tree.assertInvariants();
    }
    tree.assertInvariants();
    expect(tree.size).toBe(0);
    expect(tree.lowest()).toBe(-1);
  });

  it('refuses a node that is already held, or one it does not hold', () => {
    const pool = new TriggerPool(10);
    const first = new TriggerTree(pool, 0);
    const second = new TriggerTree(pool, 1);
    const node = pool.allocate(1, 5n, 0, 'long');
    first.insert(node);
    expect(() => first.insert(node)).toThrow();
    expect(() => second.insert(node)).toThrow();
    expect(() => second.remove(node)).toThrow();
    expect(() => pool.release(node)).toThrow();
    first.assertInvariants();
    second.assertInvariants();
    expect(first.size).toBe(1);
  });
});

describe('TriggerPool', () => {
  it('has the record layout the tree repeats locally', () => {
    for (const [name, value] of Object.entries(TREE_LAYOUT)) {
      expect([name, (layout as Record<string, unknown>)[name]]).toEqual([name, value]);
    }
  });

  it('reuses released slots and never grows past its maximum', () => {
    const pool = new TriggerPool(3);
    const nodes = [pool.allocate(1, 1n, 0, 'long'), pool.allocate(2, 2n, 1, 'short'), pool.allocate(3, 3n, 2, 'long')];
    expect(() => pool.allocate(4, 4n, 0, 'long')).toThrow();
    pool.release(nodes[1]!);
    const reused = pool.allocate(5, -7n, 2, 'short');
    expect(reused).toBe(nodes[1]);
    expect([pool.positionIdOf(reused), pool.key(reused), pool.kind(reused), pool.direction(reused)]).toEqual([
      5,
      -7n,
      'take_profit',
      'short',
    ]);
    expect(pool.slots).toBe(3);
    expect(pool.live).toBe(3);
    expect(pool.countFree()).toBe(0);
  });
});
