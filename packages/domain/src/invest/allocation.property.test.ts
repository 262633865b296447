import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateNewShareLots,
  settleNewShareSubscription,
  type NewShareAllocationRule,
  type NewShareSubscriptionLots,
} from './allocation';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const RUNS = 150;

const ruleArbitrary = fc.constantFrom<NewShareAllocationRule>('lottery', 'pro_rata');
const seedArbitrary = fc.stringMatching(/^[0-9a-f]{1,64}$/);
/** Unique ids in random order, 1..40 subscriptions of 1..30 lots. */
const subscriptionsArbitrary: fc.Arbitrary<NewShareSubscriptionLots[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 40 })
  .chain((ids) =>
    fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 30 }).map((lots) => ({ subscriptionId: id, lots })))),
  );
const supplyArbitrary = fc.integer({ min: 1, max: 600 });

const scenario = fc.record({
  rule: ruleArbitrary,
  seed: seedArbitrary,
  supplyLots: supplyArbitrary,
  subscriptions: subscriptionsArbitrary,
});

const totalOf = (subscriptions: readonly NewShareSubscriptionLots[]) =>
  subscriptions.reduce((sum, { lots }) => sum + lots, 0);

describe('allocateNewShareLots properties', () => {
  it('never allocates more than the supply, and all of it when oversubscribed', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const result = allocateNewShareLots({ ...input, rank: sha256 });
        const allocated = totalOf(result.map((row) => ({ subscriptionId: 0, lots: row.allocatedLots })));
        expect(allocated).toBeLessThanOrEqual(input.supplyLots);
        expect(allocated).toBe(Math.min(input.supplyLots, totalOf(input.subscriptions)));
      }),
      { numRuns: RUNS },
    );
  });

  it('gives each subscription between 0 and its lots, in the input order', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const result = allocateNewShareLots({ ...input, rank: sha256 });
        expect(result.map((row) => row.subscriptionId)).toEqual(input.subscriptions.map((row) => row.subscriptionId));
        for (const [index, row] of result.entries()) {
          expect(row.lots).toBe(input.subscriptions[index]!.lots);
          expect(Number.isInteger(row.allocatedLots)).toBe(true);
          expect(row.allocatedLots).toBeGreaterThanOrEqual(0);
          expect(row.allocatedLots).toBeLessThanOrEqual(row.lots);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('gives everyone everything when the subscription fits the supply', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const supplyLots = Math.max(input.supplyLots, totalOf(input.subscriptions));
        const result = allocateNewShareLots({ ...input, supplyLots, rank: sha256 });
        for (const row of result) expect(row.allocatedLots).toBe(row.lots);
      }),
      { numRuns: RUNS },
    );
  });

  it('is deterministic: the same input, in any order, gives every subscription the same lots', () => {
    fc.assert(
      fc.property(scenario, fc.integer(), (input, shuffleSeed) => {
        const first = allocateNewShareLots({ ...input, rank: sha256 });
        const again = allocateNewShareLots({ ...input, rank: sha256 });
        expect(again).toEqual(first);
        // The rule ranks by hash and id only, so the order the server reads the rows in does not matter.
        const shuffled = [...input.subscriptions].sort(
          (left, right) =>
            ((left.subscriptionId * 7919 + shuffleSeed) % 97) - ((right.subscriptionId * 7919 + shuffleSeed) % 97),
        );
        const byId = new Map(first.map((row) => [row.subscriptionId, row.allocatedLots]));
        for (const row of allocateNewShareLots({ ...input, subscriptions: shuffled, rank: sha256 })) {
          expect(row.allocatedLots).toBe(byId.get(row.subscriptionId));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('pro rata gives each at least min(lots, floor(lots x supply / total)) and at most one lot more', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const total = totalOf(input.subscriptions);
        const result = allocateNewShareLots({ ...input, rule: 'pro_rata', rank: sha256 });
        for (const row of result) {
          const floor = Math.min(row.lots, Math.floor((row.lots * input.supplyLots) / total));
          expect(row.allocatedLots).toBeGreaterThanOrEqual(floor);
          expect(row.allocatedLots).toBeLessThanOrEqual(floor + 1);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('allocation + refund = frozen for every subscription, and the moves sum to zero', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: 1, max: 1000 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (input, lotSize, issuePrice) => {
          for (const row of allocateNewShareLots({ ...input, rank: sha256 })) {
            const frozen = BigInt(row.lots) * BigInt(lotSize) * issuePrice;
            const settled = settleNewShareSubscription({
              lots: row.lots,
              lotSize,
              issuePrice,
              frozen,
              allocatedLots: row.allocatedLots,
            });
            expect(settled.allocated + settled.refund).toBe(frozen);
            expect(settled.allocated).toBeGreaterThanOrEqual(0n);
            expect(settled.refund).toBeGreaterThanOrEqual(0n);
            expect(settled.moves.reduce((sum, move) => sum + move.amount, 0n)).toBe(0n);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
