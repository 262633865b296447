import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNodes, TriggerNode, TriggerTree } from './trigger-tree';

const numRuns = process.env.CI ? 1000 : 200;

function node(key: bigint, positionId: number, kindRank = 0): TriggerNode {
  return new TriggerNode(positionId, 'X:BTCUSD', 'long', 'take_profit', key, key, kindRank);
}

function describeNode(held: TriggerNode): string {
  return `${held.key}/${held.positionId}/${held.kindRank}`;
}

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
        const tree = new TriggerTree();
        let model: TriggerNode[] = [];
        let nextPositionId = 1;
        for (const step of operations) {
          if (step.type === 'insert') {
            const added = node(step.key, nextPositionId++, nextPositionId % 3);
            tree.insert(added);
            model.push(added);
            model.sort(compareNodes);
          } else if (step.type === 'remove') {
            const victim = model[step.pick % Math.max(1, model.length)];
            if (victim === undefined) continue;
            tree.remove(victim);
            model = model.filter((held) => held !== victim);
            expect(victim.tree).toBeNull();
          } else {
            const taken: TriggerNode[] = [];
            const count = tree.takeUpTo(step.key, taken);
            const expected = model.filter((held) => held.key <= step.key);
            model = model.filter((held) => held.key > step.key);
            expect(count).toBe(expected.length);
            expect(taken.map(describeNode)).toEqual(expected.map(describeNode));
            for (const held of taken) expect(held.tree).toBeNull();
          }
          tree.assertInvariants();
          expect(tree.size).toBe(model.length);
          expect(tree.lowestKey()).toBe(model[0]?.key ?? null);
        }
      }),
      { numRuns },
    );
  });

  it('splits large trees in any proportion and keeps both halves balanced', () => {
    for (const threshold of [-1n, 0n, 1n, 2_499n, 5_000n, 9_998n, 9_999n, 20_000n]) {
      const tree = new TriggerTree();
      // Scrambled insertion order (7,919 is prime, so this visits every key once).
      for (let index = 0; index < 10_000; index++) tree.insert(node(BigInt((index * 7_919) % 10_000), index + 1));
      const heightBefore = tree.height();
      expect(heightBefore).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(10_002)));
      const taken: TriggerNode[] = [];
      const expected = Math.max(0, Math.min(10_000, Number(threshold) + 1));
      expect(tree.takeUpTo(threshold, taken)).toBe(expected);
      expect(taken.map((held) => held.key)).toEqual(Array.from({ length: expected }, (_, index) => BigInt(index)));
      tree.assertInvariants();
      expect(tree.size).toBe(10_000 - expected);
      expect(tree.height()).toBeLessThanOrEqual(heightBefore);
    }
  });

  it('stays balanced while thousands of nodes are removed in scrambled order, without searching', () => {
    const tree = new TriggerTree();
    const nodes: TriggerNode[] = [];
    // Duplicate keys on purpose: positions tie-break them.
    for (let index = 0; index < 5_000; index++) nodes.push(node(BigInt((index * 3_571) % 1_000), index + 1));
    for (const held of nodes) tree.insert(held);
    tree.assertInvariants();
    for (let step = 0; step < nodes.length; step++) {
      const victim = nodes[(step * 2_003) % nodes.length];
      if (victim === undefined) throw new Error('no victim');
      tree.remove(victim);
      if (step % 250 === 0) tree.assertInvariants();
    }
    tree.assertInvariants();
    expect(tree.size).toBe(0);
    expect(tree.lowestKey()).toBeNull();
  });

  it('refuses a node that is already held, or one it does not hold', () => {
    const first = new TriggerTree();
    const second = new TriggerTree();
    const held = node(5n, 1);
    first.insert(held);
    expect(() => first.insert(held)).toThrow();
    expect(() => second.insert(held)).toThrow();
    expect(() => second.remove(held)).toThrow();
    first.assertInvariants();
    second.assertInvariants();
    expect(first.size).toBe(1);
  });
});
