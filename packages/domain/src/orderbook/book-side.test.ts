import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BookSide } from './book-side';

const numRuns = process.env.CI ? 1000 : 200;

function pricesFromBest(side: BookSide): bigint[] {
  const prices: bigint[] = [];
  side.walkFromBest(side.levelCount(), (level) => {
    prices.push(level.price);
    return true;
  });
  return prices;
}

describe('BookSide', () => {
  it.each(['buy', 'sell'] as const)(
    'keeps %s levels unique and sorted best first under any inserts and removals',
    (sideName) => {
      fc.assert(
        fc.property(
          fc.array(fc.record({ add: fc.boolean(), price: fc.bigInt({ min: 1n, max: 40n }) }), {
            maxLength: 300,
            size: 'max',
          }),
          (operations) => {
            const side = new BookSide(sideName);
            const model = new Set<bigint>();
            for (const operation of operations) {
              if (operation.add) {
                const level = side.levelFor(operation.price);
                expect(level.price).toBe(operation.price);
                expect(side.levelFor(operation.price)).toBe(level); // found again, not duplicated
                model.add(operation.price);
              } else if (model.has(operation.price)) {
                side.removeLevel(side.levelFor(operation.price));
                model.delete(operation.price);
              }
            }
            const expected = [...model].sort((a, b) => (a === b ? 0 : (sideName === 'buy' ? a > b : a < b) ? -1 : 1));
            expect(pricesFromBest(side)).toEqual(expected);
            expect(side.best()?.price).toBe(expected[0]);
          },
        ),
        { numRuns },
      );
    },
  );
});

describe('BookSide around the safe-integer edge', () => {
  // Prices up to 2^53 - 1 are found by key in a Map, larger ones in the tree (where doubles tie).
  const edge = 2n ** 53n;
  it.each(['buy', 'sell'] as const)('finds, orders and drops %s levels on both sides of 2^53', (sideName) => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), price: fc.bigInt({ min: edge - 12n, max: edge + 12n }) }), {
          maxLength: 200,
          size: 'max',
        }),
        (operations) => {
          const side = new BookSide(sideName);
          const model = new Set<bigint>();
          for (const operation of operations) {
            if (operation.add) {
              const level = side.levelFor(operation.price);
              expect(level.price).toBe(operation.price);
              expect(side.levelFor(operation.price)).toBe(level);
              model.add(operation.price);
            } else if (model.has(operation.price)) {
              side.removeLevel(side.levelFor(operation.price));
              model.delete(operation.price);
              // A level made afresh at a dropped price is a new, empty one.
              expect(side.levelFor(operation.price).orderCount).toBe(0);
              model.add(operation.price);
            }
          }
          const expected = [...model].sort((a, b) => (a === b ? 0 : (sideName === 'buy' ? a > b : a < b) ? -1 : 1));
          expect(pricesFromBest(side)).toEqual(expected);
          expect(side.best()?.price).toBe(expected[0]);
          expect(side.levelCount()).toBe(model.size);
        },
      ),
      { numRuns },
    );
  });
});

describe('BookSide walks', () => {
  it('stop when the visitor says so or at the limit', () => {
    const side = new BookSide('sell');
    for (const price of [5n, 3n, 9n, 1n, 7n]) side.levelFor(price);
    const seen: bigint[] = [];
    side.walkFromBest(10, (level) => {
      seen.push(level.price);
      return level.price < 5n;
    });
    expect(seen).toEqual([1n, 3n, 5n]);
    const limited: bigint[] = [];
    side.walkFromBest(2, (level) => limited.push(level.price) > 0);
    expect(limited).toEqual([1n, 3n]);
  });
});
