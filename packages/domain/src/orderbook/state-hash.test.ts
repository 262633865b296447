import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accumulate,
  bookStateHash,
  hashOwner,
  orderContribution,
  orderContributionLanes,
  orderIdentityLanes,
  type HashLanes,
} from './state-hash';

const numRuns = process.env.CI ? 1000 : 200;

const base = {
  orderId: 7,
  owner: 'alice',
  side: 'buy' as const,
  postOnly: false,
  price: 10_000n,
  original: 500n,
  remaining: 300n,
};

function contributionOf(order: typeof base): HashLanes {
  return orderContribution(
    order.orderId,
    order.owner,
    order.side,
    order.postOnly,
    order.price,
    order.original,
    order.remaining,
  );
}

describe('state hash', () => {
  it('changes with every field of an order', () => {
    const reference = contributionOf(base);
    const variants = [
      { ...base, orderId: 8 },
      { ...base, owner: 'alicf' },
      { ...base, side: 'sell' as 'buy' },
      { ...base, postOnly: true },
      { ...base, price: 10_050n },
      { ...base, original: 510n },
      { ...base, remaining: 290n },
      { ...base, price: 10_000n + 2n ** 40n },
      { ...base, remaining: 300n + 2n ** 300n },
    ];
    for (const variant of variants) expect(contributionOf(variant)).not.toEqual(reference);
  });

  it('is a multiset hash: the order of additions does not matter and removal undoes addition', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 1e9 }), size: fc.bigInt({ min: 1n, max: 2n ** 70n }) }), {
          maxLength: 30,
        }),
        (orders) => {
          const contributions = orders.map((order) =>
            orderContribution(order.id, 'owner', 'sell', false, 100n, order.size, order.size),
          );
          const forward: HashLanes = { laneA: 0, laneB: 0 };
          const backward: HashLanes = { laneA: 0, laneB: 0 };
          for (const contribution of contributions) accumulate(forward, contribution, 1);
          for (const contribution of [...contributions].reverse()) accumulate(backward, contribution, 1);
          expect(forward).toEqual(backward);
          for (const contribution of contributions) accumulate(forward, contribution, -1);
          expect(forward).toEqual({ laneA: 0, laneB: 0 });
        },
      ),
      { numRuns },
    );
  });

  it('folds the counters into 16 hex digits', () => {
    const sums = { laneA: 1, laneB: 2 };
    const hash = bookStateHash(sums, 1, 1, 0);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(bookStateHash(sums, 2, 1, 0)).not.toBe(hash);
    expect(bookStateHash(sums, 1, 2, 0)).not.toBe(hash);
    expect(bookStateHash(sums, 1, 1, 1)).not.toBe(hash);
    expect(bookStateHash(sums, 2 ** 40, 1, 0)).not.toBe(bookStateHash(sums, 2 ** 41, 1, 0));
  });

  it('hashes a value the same whether the one-word shortcut is taken or not', () => {
    // An approximation of -1 is never "one word", so it forces the general path (splitWords).
    const boundary = 2n ** 32n;
    const value = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 80n }),
      fc.bigInt({ min: boundary - 3n, max: boundary + 3n }),
      fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
      fc.bigInt({ min: 0n, max: 1000n }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), value, value, value, (orderId, price, original, remaining) => {
        const fast: HashLanes = { laneA: 0, laneB: 0 };
        const general: HashLanes = { laneA: 0, laneB: 0 };
        orderIdentityLanes(orderId, 12345, 'sell', true, price, Number(price), original, Number(original), fast);
        orderIdentityLanes(orderId, 12345, 'sell', true, price, -1, original, -1, general);
        expect(fast).toEqual(general);
        orderContributionLanes(fast.laneA, fast.laneB, remaining, Number(remaining), fast);
        orderContributionLanes(general.laneA, general.laneB, remaining, -1, general);
        expect(fast).toEqual(general);
      }),
      { numRuns },
    );
  });

  it('hashes owners by every code unit', () => {
    expect(hashOwner('ab')).not.toBe(hashOwner('ba'));
    expect(hashOwner('')).not.toBe(hashOwner('\u0000'));
  });
});
