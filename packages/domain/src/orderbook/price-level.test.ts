import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderNode, OrderNodePool } from './order-node';
import { PriceLevel } from './price-level';

const numRuns = process.env.CI ? 1000 : 200;

/** Sizes that stay safe, sizes near the 2^53 edge, and sizes far beyond it. */
const sizeArbitrary = fc.oneof(
  fc.bigInt({ min: 1n, max: 1_000n }),
  fc.bigInt({ min: 2n ** 52n, max: 2n ** 53n + 10n }),
  fc.bigInt({ min: 1n, max: 2n ** 80n }),
);

describe('PriceLevel', () => {
  it('keeps its total equal to the sum of its orders, across the Number and BigInt ranges', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ kind: fc.constantFrom('append', 'remove', 'reduce'), size: sizeArbitrary, pick: fc.nat() }),
          { maxLength: 200 },
        ),
        (operations) => {
          const level = new PriceLevel(100n);
          const queue: OrderNode[] = [];
          let nextId = 1;
          for (const operation of operations) {
            if (operation.kind === 'append') {
              const node = new OrderNodePool().take(
                nextId++,
                'o',
                'buy',
                100n,
                operation.size,
                operation.size,
                Number(operation.size),
                false,
              );
              level.append(node);
              queue.push(node);
            } else if (queue.length > 0) {
              const node = queue[operation.pick % queue.length];
              if (node === undefined) continue;
              if (operation.kind === 'remove') {
                level.remove(node);
                queue.splice(queue.indexOf(node), 1);
              } else {
                // As a fill does: take part of the order (at least 1, leaving at least 1).
                if (node.remainingSize < 2n) continue;
                const taken = 1n + (operation.size % (node.remainingSize - 1n));
                const before = node.remainingSizeApproximation;
                node.remainingSize -= taken;
                node.remainingSizeApproximation = Number(node.remainingSize);
                level.reduce(taken, before - node.remainingSizeApproximation);
              }
            }
            expect(level.totalSize).toBe(queue.reduce((total, node) => total + node.remainingSize, 0n));
            expect(level.orderCount).toBe(queue.length);
          }
        },
      ),
      { numRuns },
    );
  });
});
