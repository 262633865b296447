import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  allocateNewShareLots,
  decideNewShareSubscription,
  NEW_SHARE_TICKETS_MAX,
  NewShareAllocationError,
  newSharePhase,
  newShareTimeText,
  settleNewShareSubscription,
  type NewShareTerms,
} from './allocation';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const SEED = 'ab'.repeat(32);
const HOUR = 3_600_000;

describe('allocateNewShareLots', () => {
  it('gives everyone every lot when the subscription does not exceed the supply, without ranking', () => {
    let ranked = 0;
    const rank = (key: string) => {
      ranked += 1;
      return sha256(key);
    };
    for (const rule of ['lottery', 'pro_rata'] as const) {
      const result = allocateNewShareLots({
        rule,
        seed: SEED,
        supplyLots: 10,
        subscriptions: [
          { subscriptionId: 3, lots: 4 },
          { subscriptionId: 1, lots: 6 },
        ],
        rank,
      });
      expect(result).toEqual([
        { subscriptionId: 3, lots: 4, allocatedLots: 4 },
        { subscriptionId: 1, lots: 6, allocatedLots: 6 },
      ]);
    }
    expect(ranked).toBe(0);
  });

  it('lottery: the tickets with the lowest SHA-256 of seed:subscription:ticket win, recomputed by hand', () => {
    const subscriptions = [
      { subscriptionId: 11, lots: 3 },
      { subscriptionId: 12, lots: 2 },
      { subscriptionId: 13, lots: 4 },
    ];
    const tickets = subscriptions.flatMap(({ subscriptionId, lots }) =>
      Array.from({ length: lots }, (_, index) => ({
        subscriptionId,
        hash: sha256(`${SEED}:${subscriptionId}:${index + 1}`),
      })),
    );
    tickets.sort((left, right) => (left.hash < right.hash ? -1 : 1));
    const expected = new Map<number, number>();
    for (const ticket of tickets.slice(0, 4)) {
      expected.set(ticket.subscriptionId, (expected.get(ticket.subscriptionId) ?? 0) + 1);
    }
    const result = allocateNewShareLots({ rule: 'lottery', seed: SEED, supplyLots: 4, subscriptions, rank: sha256 });
    expect(result.map((row) => row.allocatedLots)).toEqual(
      subscriptions.map(({ subscriptionId }) => expected.get(subscriptionId) ?? 0),
    );
    expect(result.reduce((sum, row) => sum + row.allocatedLots, 0)).toBe(4);
  });

  it('pro rata: floor shares, then the left-over lots one each by SHA-256 of seed:subscription', () => {
    const subscriptions = [
      { subscriptionId: 1, lots: 5 },
      { subscriptionId: 2, lots: 5 },
      { subscriptionId: 3, lots: 5 },
    ];
    // 10 of 15: each gets floor(5 x 10 / 15) = 3, one lot is left over.
    const result = allocateNewShareLots({ rule: 'pro_rata', seed: SEED, supplyLots: 10, subscriptions, rank: sha256 });
    const first = [1, 2, 3].sort((left, right) => (sha256(`${SEED}:${left}`) < sha256(`${SEED}:${right}`) ? -1 : 1))[0];
    expect(result).toEqual(
      subscriptions.map(({ subscriptionId, lots }) => ({
        subscriptionId,
        lots,
        allocatedLots: subscriptionId === first ? 4 : 3,
      })),
    );
  });

  it('breaks ties in rank by subscription id, then by ticket number', () => {
    const flat = () => '00';
    const lottery = allocateNewShareLots({
      rule: 'lottery',
      seed: SEED,
      supplyLots: 3,
      subscriptions: [
        { subscriptionId: 9, lots: 3 },
        { subscriptionId: 4, lots: 2 },
      ],
      rank: flat,
    });
    expect(lottery.map((row) => row.allocatedLots)).toEqual([1, 2]);
    const proRata = allocateNewShareLots({
      rule: 'pro_rata',
      seed: SEED,
      supplyLots: 2,
      subscriptions: [
        { subscriptionId: 9, lots: 1 },
        { subscriptionId: 7, lots: 1 },
        { subscriptionId: 8, lots: 1 },
      ],
      rank: flat,
    });
    expect(proRata.map((row) => row.allocatedLots)).toEqual([0, 1, 1]);
  });

  it('depends on the seed', () => {
    const subscriptions = Array.from({ length: 20 }, (_, index) => ({ subscriptionId: index + 1, lots: 5 }));
    const results = new Set(
      ['a', 'b', 'c', 'd'].map((seed) =>
        JSON.stringify(allocateNewShareLots({ rule: 'lottery', seed, supplyLots: 30, subscriptions, rank: sha256 })),
      ),
    );
    expect(results.size).toBeGreaterThan(1);
  });

  it('refuses a malformed input and more lots than the documented maximum', () => {
    const base = { rule: 'lottery' as const, seed: SEED, supplyLots: 1, rank: sha256 };
    expect(() =>
      allocateNewShareLots({
        ...base,
        subscriptions: [
          { subscriptionId: 1, lots: 1 },
          { subscriptionId: 1, lots: 1 },
        ],
      }),
    ).toThrow(NewShareAllocationError);
    expect(() => allocateNewShareLots({ ...base, subscriptions: [{ subscriptionId: 1, lots: 0 }] })).toThrow(
      NewShareAllocationError,
    );
    expect(() => allocateNewShareLots({ ...base, supplyLots: 0, subscriptions: [] })).toThrow(NewShareAllocationError);
    expect(() =>
      allocateNewShareLots({ ...base, subscriptions: [{ subscriptionId: 1, lots: NEW_SHARE_TICKETS_MAX + 1 }] }),
    ).toThrow(/more than/);
    expect(() =>
      allocateNewShareLots({ ...base, rule: 'draw' as 'lottery', subscriptions: [{ subscriptionId: 1, lots: 1 }] }),
    ).toThrow(NewShareAllocationError);
  });
});

describe('settleNewShareSubscription', () => {
  it('pays the issuer what was allocated and refunds the rest, exactly', () => {
    const settled = settleNewShareSubscription({
      lots: 5,
      lotSize: 10,
      issuePrice: 150_00000000n,
      frozen: 7_500_00000000n,
      allocatedLots: 2,
    });
    expect(settled.allocated).toBe(3_000_00000000n);
    expect(settled.refund).toBe(4_500_00000000n);
    expect(settled.moves).toEqual([
      { role: 'frozen', amount: -7_500_00000000n },
      { role: 'issuer', amount: 3_000_00000000n },
      { role: 'available', amount: 4_500_00000000n },
    ]);
  });

  it('leaves out a zero move', () => {
    const none = settleNewShareSubscription({ lots: 1, lotSize: 1, issuePrice: 7n, frozen: 7n, allocatedLots: 0 });
    expect(none.moves.map((move) => move.role)).toEqual(['frozen', 'available']);
    const all = settleNewShareSubscription({ lots: 1, lotSize: 1, issuePrice: 7n, frozen: 7n, allocatedLots: 1 });
    expect(all.moves.map((move) => move.role)).toEqual(['frozen', 'issuer']);
  });

  it('throws on an allocation above the lots or a frozen amount that does not match', () => {
    expect(() =>
      settleNewShareSubscription({ lots: 1, lotSize: 1, issuePrice: 7n, frozen: 7n, allocatedLots: 2 }),
    ).toThrow(NewShareAllocationError);
    expect(() =>
      settleNewShareSubscription({ lots: 1, lotSize: 1, issuePrice: 7n, frozen: 8n, allocatedLots: 1 }),
    ).toThrow(NewShareAllocationError);
  });
});

describe('decideNewShareSubscription', () => {
  const start = Date.UTC(2026, 10, 18, 0, 0);
  const terms: NewShareTerms = {
    issuePrice: 150_00000000n,
    lotSize: 10,
    maxLotsPerCustomer: 5,
    subscribeStart: start,
    subscribeEnd: start + 24 * HOUR,
    demoAllowed: false,
  };
  const request = { quantity: 20, now: start + HOUR, demo: false, customerLots: 0, bookLots: 0 };

  it('freezes quantity x issue price', () => {
    const decided = decideNewShareSubscription(terms, { ...request, available: 3_000_00000000n });
    expect(decided).toEqual({
      problem: null,
      lots: 2,
      frozen: 3_000_00000000n,
      moves: [
        { role: 'available', amount: -3_000_00000000n },
        { role: 'frozen', amount: 3_000_00000000n },
      ],
    });
  });

  it('refuses in order: demo, window, lot size, maximum, balance', () => {
    const problemOf = (overrides: Partial<typeof request & { available: bigint }>) =>
      decideNewShareSubscription(terms, { ...request, ...overrides }).problem;
    expect(problemOf({ demo: true, now: start - 1, quantity: 3 })).toEqual({
      code: 'new_share_demo_not_allowed',
      params: {},
    });
    expect(problemOf({ now: start - 1, quantity: 3 })).toEqual({
      code: 'new_share_not_open',
      params: { time: '2026-11-18 00:00 UTC' },
    });
    expect(problemOf({ now: start + 24 * HOUR })).toEqual({
      code: 'new_share_not_open',
      params: { time: '2026-11-19 00:00 UTC' },
    });
    expect(problemOf({ now: start })?.code).toBeUndefined();
    expect(problemOf({ quantity: 15, customerLots: 9 })).toEqual({
      code: 'new_share_lot_size',
      params: { lotSize: 10 },
    });
    expect(problemOf({ quantity: 40, customerLots: 2 })).toEqual({
      code: 'new_share_above_maximum',
      params: { maxLots: 5, remainingLots: 3 },
    });
    expect(problemOf({ quantity: 30, customerLots: 2 })).toBeNull();
    expect(problemOf({ quantity: 10, customerLots: 6 })).toEqual({
      code: 'new_share_above_maximum',
      params: { maxLots: 5, remainingLots: 0 },
    });
    expect(problemOf({ quantity: 20, bookLots: NEW_SHARE_TICKETS_MAX - 1 })).toEqual({
      code: 'new_share_above_maximum',
      params: { maxLots: 5, remainingLots: 1 },
    });
    expect(problemOf({ available: 3_000_00000000n - 1n })).toEqual({ code: 'insufficient_balance', params: {} });
  });

  it('lets a demo account subscribe where the offer allows it', () => {
    expect(decideNewShareSubscription({ ...terms, demoAllowed: true }, { ...request, demo: true }).problem).toBeNull();
  });
});

describe('newSharePhase', () => {
  const offer = { subscribeStart: 100, subscribeEnd: 200, listingTime: 400, allocatedAt: null };
  it('follows the times and the allocation', () => {
    expect(newSharePhase(offer, 99)).toBe('upcoming');
    expect(newSharePhase(offer, 100)).toBe('open');
    expect(newSharePhase(offer, 199)).toBe('open');
    expect(newSharePhase(offer, 200)).toBe('closed');
    expect(newSharePhase(offer, 500)).toBe('closed');
    expect(newSharePhase({ ...offer, allocatedAt: 300 }, 300)).toBe('allocated');
    expect(newSharePhase({ ...offer, allocatedAt: 300 }, 400)).toBe('listed');
  });

  it('writes a time as UTC minutes', () => {
    expect(newShareTimeText(Date.UTC(2026, 0, 2, 3, 4, 59))).toBe('2026-01-02 03:04 UTC');
  });
});
