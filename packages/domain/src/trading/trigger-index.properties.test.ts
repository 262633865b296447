/**
 * The index against the full scan on random streams: every setPosition, removePosition and
 * takeCrossed must give exactly the reference's answer (deep-equal, order included), `size` must agree
 * after every step, the index's structure must stay sound, and both must hold the same triggers at the
 * end. Narrow price bands make ties, gaps through several levels and mass firings common; a wide band
 * with many products exercises deep trees and product bookkeeping.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TriggerIndex } from './trigger-index';
import { TriggerScan } from './trigger-scan';
import {
  TRIGGER_KIND_ORDER,
  triggerCrosses,
  TriggerBookError,
  type PositionDirection,
  type Trigger,
  type TriggerKind,
} from './trigger-rules';

const numRuns = process.env.CI ? 1000 : 200;

interface Shape {
  name: string;
  products: readonly string[];
  positionIds: number;
  level: fc.Arbitrary<bigint>;
  tickPrice: fc.Arbitrary<bigint>;
  maximumOperations: number;
}

const HIGHEST = 2n ** 63n - 1n;
/** Beyond every level in either direction: a take at these drains a product. */
const BEYOND = 2n ** 64n;

const SHAPES: readonly Shape[] = [
  {
    name: 'narrow band',
    products: ['X:BTCUSD', 'C:EURUSD'],
    positionIds: 12,
    level: fc.bigInt({ min: 1n, max: 12n }),
    tickPrice: fc.bigInt({ min: 0n, max: 13n }),
    maximumOperations: 120,
  },
  {
    name: 'wide band, many products',
    products: ['X:BTCUSD', 'X:ETHUSD', 'C:EURUSD', 'AAPL', 'ESZ5'],
    positionIds: 80,
    level: fc.bigInt({ min: -50n, max: 1_000n }),
    tickPrice: fc.bigInt({ min: -60n, max: 1_010n }),
    maximumOperations: 300,
  },
  {
    name: 'the ends of the signed 64-bit range',
    products: ['X:BTCUSD', 'C:EURUSD'],
    positionIds: 20,
    level: fc.oneof(
      fc.bigInt({ min: -3n, max: 3n }),
      fc.bigInt({ min: HIGHEST - 3n, max: HIGHEST }),
      fc.bigInt({ min: -HIGHEST, max: -HIGHEST + 3n }),
      fc.bigInt({ min: 2n ** 31n - 2n, max: 2n ** 32n + 2n }),
      fc.bigInt({ min: -HIGHEST, max: HIGHEST }),
    ),
    tickPrice: fc.oneof(
      fc.bigInt({ min: -3n, max: 3n }),
      fc.bigInt({ min: HIGHEST - 3n, max: HIGHEST + 2n }),
      fc.bigInt({ min: -HIGHEST - 2n, max: -HIGHEST + 3n }),
      fc.bigInt({ min: 2n ** 31n - 2n, max: 2n ** 32n + 2n }),
      fc.bigInt({ min: -BEYOND, max: BEYOND }),
    ),
    maximumOperations: 150,
  },
];

type Operation =
  | { type: 'set'; positionId: number; triggers: Trigger[] }
  | { type: 'malformed'; positionId: number; triggers: Trigger[] }
  | { type: 'remove'; positionId: number }
  | { type: 'take'; productCode: string; price: bigint };

function operationArbitrary(shape: Shape): fc.Arbitrary<Operation> {
  const positionId = fc.integer({ min: 1, max: shape.positionIds });
  const price = shape.level;
  const productCode = fc.constantFrom(...shape.products);
  const direction = fc.constantFrom<PositionDirection>('long', 'short');
  const levels = fc.record({
    liquidation: fc.option(price, { nil: undefined }),
    stop_loss: fc.option(price, { nil: undefined }),
    take_profit: fc.option(price, { nil: undefined }),
  });
  const position = fc
    .record({ positionId, productCode, direction, levels })
    .map(({ positionId, productCode, direction, levels }) => {
      const triggers: Trigger[] = [];
      for (const kind of TRIGGER_KIND_ORDER) {
        const level = levels[kind];
        if (level !== undefined) triggers.push({ positionId, productCode, direction, kind, price: level });
      }
      return { positionId, triggers };
    });
  return fc.oneof(
    { weight: 5, arbitrary: position.map((given): Operation => ({ type: 'set', ...given })) },
    {
      weight: 1,
      // A duplicated kind: both books must refuse it and change nothing.
      arbitrary: fc
        .tuple(position, fc.constantFrom<TriggerKind>(...TRIGGER_KIND_ORDER), price)
        .map(([given, kind, level]): Operation => {
          const base = given.triggers[0] ?? {
            positionId: given.positionId,
            productCode: 'X:BTCUSD',
            direction: 'long' as const,
          };
          const duplicate: Trigger = { ...base, kind, price: level };
          return { type: 'malformed', positionId: given.positionId, triggers: [duplicate, { ...duplicate }] };
        }),
    },
    { weight: 2, arbitrary: positionId.map((id): Operation => ({ type: 'remove', positionId: id })) },
    {
      weight: 5,
      arbitrary: fc
        .record({ productCode, price: shape.tickPrice })
        .map((tick): Operation => ({ type: 'take', ...tick })),
    },
  );
}

function thrown(action: () => void): unknown {
  try {
    action();
    return null;
  } catch (error) {
    return error;
  }
}

describe.each(SHAPES)('TriggerIndex against TriggerScan: $name', (shape) => {
  it('gives the same answers, sizes and final contents on random streams', () => {
    fc.assert(
      fc.property(
        fc.array(operationArbitrary(shape), { maxLength: shape.maximumOperations, size: 'max' }),
        (operations) => {
          const index = new TriggerIndex();
          const scan = new TriggerScan();
          for (const operation of operations) {
            if (operation.type === 'set') {
              index.setPosition(operation.positionId, operation.triggers);
              scan.setPosition(operation.positionId, operation.triggers);
            } else if (operation.type === 'malformed') {
              const sizeBefore = scan.size;
              expect(thrown(() => index.setPosition(operation.positionId, operation.triggers))).toBeInstanceOf(
                TriggerBookError,
              );
              expect(thrown(() => scan.setPosition(operation.positionId, operation.triggers))).toBeInstanceOf(
                TriggerBookError,
              );
              expect(scan.size).toBe(sizeBefore);
            } else if (operation.type === 'remove') {
              index.removePosition(operation.positionId);
              scan.removePosition(operation.positionId);
            } else {
              const fromIndex = index.takeCrossed(operation.productCode, operation.price);
              const fromScan = scan.takeCrossed(operation.productCode, operation.price);
              expect(fromIndex).toEqual(fromScan);
              // Independent of the reference: everything returned was crossed, on this product.
              for (const trigger of fromIndex) {
                expect(trigger.productCode).toBe(operation.productCode);
                expect(triggerCrosses(trigger, operation.price)).toBe(true);
              }
            }
            expect(index.size).toBe(scan.size);
            index.assertInvariants();
          }
          for (let positionId = 1; positionId <= shape.positionIds; positionId++) {
            expect(index.triggersOf(positionId)).toEqual(scan.triggersOf(positionId));
          }
          // Nothing left crosses a price that was just taken: one more take at each extreme drains all.
          let drained = 0;
          for (const productCode of shape.products) {
            drained += index.takeCrossed(productCode, -BEYOND).length;
            drained += index.takeCrossed(productCode, BEYOND).length;
          }
          expect(drained).toBeLessThanOrEqual(scan.size);
          expect(index.size).toBe(0);
          expect(index.productCount).toBe(0);
          expect(index.positionCount).toBe(0);
        },
      ),
      { numRuns },
    );
  });
});
