/**
 * Unit tests of the order book's rules, run against the engine and the reference model alike: each
 * time in force, post-only, self-trade prevention, cancels, validation, fees, depth and snapshots.
 */
import { describe, expect, it } from 'vitest';
import { multiply } from '../decimal';
import { IMPLEMENTATIONS, PAIR, cancel, limit, market, marketByQuote } from './test-support.test-helper';
import type { CancelAccepted, CommandResult, OrderBookEngine, PlacementAccepted } from './types';

function placed(result: CommandResult): PlacementAccepted {
  if (!result.ok || result.type !== 'placement')
    throw new Error(`expected a placement, got ${JSON.stringify(result, replacer)}`);
  return result;
}

function cancelled(result: CommandResult): CancelAccepted {
  if (!result.ok || result.type !== 'cancel')
    throw new Error(`expected a cancel, got ${JSON.stringify(result, replacer)}`);
  return result;
}

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}

// Prices at scale 2 (10000n is 100.00), sizes at scale 4 (10000n is 1.0000).
const P100 = 10000n;
const P101 = 10100n;
const P102 = 10200n;
const ONE = 10000n;

describe.each(IMPLEMENTATIONS)('order book rules ($name)', (implementation) => {
  const create = (): OrderBookEngine => implementation.create(PAIR);

  describe('GTC limit orders', () => {
    it('rest when nothing crosses, and show in depth, best prices and open orders', () => {
      const book = create();
      const bid = placed(book.placeLimit(limit('alice', 'buy', P100, ONE)));
      const ask = placed(book.placeLimit(limit('bob', 'sell', P101, 2n * ONE)));
      expect(bid).toMatchObject({ orderId: 1, status: 'resting', restingSize: ONE, filledSize: 0n, fills: [] });
      expect(ask.orderId).toBe(2);
      expect(book.bestBid()).toBe(P100);
      expect(book.bestAsk()).toBe(P101);
      expect(book.depth(5)).toEqual({
        bids: [{ price: P100, size: ONE, cumulativeSize: ONE, orderCount: 1 }],
        asks: [{ price: P101, size: 2n * ONE, cumulativeSize: 2n * ONE, orderCount: 1 }],
      });
      expect(book.openOrders('alice')).toEqual([
        {
          orderId: 1,
          owner: 'alice',
          side: 'buy',
          price: P100,
          originalSize: ONE,
          remainingSize: ONE,
          postOnly: false,
        },
      ]);
      expect(book.openOrders('nobody')).toEqual([]);
    });

    it('trade at the maker price and rest the remainder', () => {
      const book = create();
      book.placeLimit(limit('alice', 'sell', P100, ONE));
      const taker = placed(book.placeLimit(limit('bob', 'buy', P102, 3n * ONE)));
      expect(taker.status).toBe('resting');
      expect(taker.filledSize).toBe(ONE);
      expect(taker.restingSize).toBe(2n * ONE);
      expect(taker.fills).toEqual([
        {
          sequence: 1,
          makerOrderId: 1,
          takerOrderId: 2,
          makerOwner: 'alice',
          takerOwner: 'bob',
          takerSide: 'buy',
          price: P100,
          size: ONE,
          quoteAmount: 100_000_000n, // 100.00 x 1.0000 = 100.000000 at scale 6
          makerFee: 100_000n, // 0.1 % = 0.100000
          takerFee: 200_000n, // 0.2 % = 0.200000
          makerRemainingSize: 0n,
        },
      ]);
      expect(book.bestBid()).toBe(P102);
      expect(book.bestAsk()).toBeNull();
    });

    it('fill by price first, then by time at one price', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P101, ONE)); // 1: worse price
      book.placeLimit(limit('b', 'sell', P100, ONE)); // 2: best price, older
      book.placeLimit(limit('c', 'sell', P100, ONE)); // 3: best price, newer
      const taker = placed(book.placeLimit(limit('d', 'buy', P101, 3n * ONE - 10n)));
      expect(taker.fills.map((fill) => [fill.makerOrderId, fill.price, fill.size])).toEqual([
        [2, P100, ONE],
        [3, P100, ONE],
        [1, P101, ONE - 10n],
      ]);
      expect(taker.fills.map((fill) => fill.sequence)).toEqual([1, 2, 3]);
      expect(taker.status).toBe('filled');
      expect(book.depth(5).asks).toEqual([{ price: P101, size: 10n, cumulativeSize: 10n, orderCount: 1 }]);
    });

    it('keep a partially filled maker at the head of its level', () => {
      const book = create();
      book.placeLimit(limit('a', 'buy', P100, ONE));
      book.placeLimit(limit('b', 'buy', P100, ONE));
      const first = placed(book.placeLimit(limit('c', 'sell', P100, 400n)));
      expect(first.fills[0]).toMatchObject({ makerOrderId: 1, size: 400n, makerRemainingSize: ONE - 400n });
      const second = placed(book.placeLimit(limit('c', 'sell', P100, ONE)));
      expect(second.fills.map((fill) => [fill.makerOrderId, fill.size])).toEqual([
        [1, ONE - 400n],
        [2, 400n],
      ]);
    });

    it('leave a remainder below the minimum size on the book (the minimum applies when placing)', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, 110n));
      book.placeLimit(limit('b', 'buy', P100, 100n));
      expect(book.depth(1).asks[0]?.size).toBe(10n);
    });
  });

  describe('IOC', () => {
    it('fills what it can and expires the rest', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      book.placeLimit(limit('a', 'sell', P102, ONE));
      const taker = placed(book.placeLimit(limit('b', 'buy', P101, 2n * ONE, { timeInForce: 'IOC' })));
      expect(taker).toMatchObject({ status: 'expired', filledSize: ONE, restingSize: 0n, expiredSize: ONE });
      expect(book.bestBid()).toBeNull();
      expect(book.bestAsk()).toBe(P102);
    });

    it('expires untouched on an empty book, and its id is finished', () => {
      const book = create();
      const taker = placed(book.placeLimit(limit('b', 'buy', P101, ONE, { timeInForce: 'IOC' })));
      expect(taker).toMatchObject({ status: 'expired', filledSize: 0n, expiredSize: ONE, fills: [] });
      expect(book.restingOrderCount()).toBe(0);
      expect(book.cancel(cancel('b', taker.orderId))).toEqual({ ok: false, code: 'orderbook.order_finished' });
    });

    it('is filled when the book holds enough', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      expect(placed(book.placeLimit(limit('b', 'buy', P100, ONE, { timeInForce: 'IOC' }))).status).toBe('filled');
    });
  });

  describe('FOK', () => {
    it('is refused when the crossing size is short, and changes nothing', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      book.placeLimit(limit('a', 'sell', P102, ONE)); // does not cross the limit below
      const before = book.stateHash();
      expect(book.placeLimit(limit('b', 'buy', P101, ONE + 10n, { timeInForce: 'FOK' }))).toEqual({
        ok: false,
        code: 'orderbook.fok_unfillable',
      });
      expect(book.stateHash()).toBe(before);
      // A refusal hands out no id: the next accepted order gets 3.
      expect(placed(book.placeLimit(limit('c', 'buy', P100, ONE))).orderId).toBe(3);
    });

    it('fills completely across levels', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      book.placeLimit(limit('a', 'sell', P101, ONE));
      const taker = placed(book.placeLimit(limit('b', 'buy', P101, 2n * ONE, { timeInForce: 'FOK' })));
      expect(taker).toMatchObject({ status: 'filled', filledSize: 2n * ONE, restingSize: 0n, expiredSize: 0n });
      expect(book.restingOrderCount()).toBe(0);
    });

    it("does not count the owner's own resting orders, which self-trade prevention would cancel", () => {
      const book = create();
      book.placeLimit(limit('b', 'sell', P100, ONE)); // own
      book.placeLimit(limit('a', 'sell', P100, ONE));
      expect(book.placeLimit(limit('b', 'buy', P100, 2n * ONE, { timeInForce: 'FOK' }))).toEqual({
        ok: false,
        code: 'orderbook.fok_unfillable',
      });
      expect(book.restingOrderCount()).toBe(2);
      const taker = placed(book.placeLimit(limit('b', 'buy', P100, ONE, { timeInForce: 'FOK' })));
      expect(taker.status).toBe('filled');
      expect(taker.selfTradeCancels.map((cancelled) => cancelled.orderId)).toEqual([1]);
    });
  });

  describe('post-only', () => {
    it('is refused when it would take, and rests when it would not', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P101, ONE));
      expect(book.placeLimit(limit('b', 'buy', P101, ONE, { postOnly: true }))).toEqual({
        ok: false,
        code: 'orderbook.post_only_would_take',
      });
      const maker = placed(book.placeLimit(limit('b', 'buy', P100, ONE, { postOnly: true })));
      expect(maker.status).toBe('resting');
      expect(book.openOrders('b')[0]?.postOnly).toBe(true);
    });

    it('is refused even when the crossing order is its own (it would not be a pure maker)', () => {
      const book = create();
      book.placeLimit(limit('b', 'sell', P100, ONE));
      expect(book.placeLimit(limit('b', 'buy', P100, ONE, { postOnly: true }))).toMatchObject({
        code: 'orderbook.post_only_would_take',
      });
    });

    it('requires GTC', () => {
      const book = create();
      for (const timeInForce of ['IOC', 'FOK'] as const) {
        expect(book.placeLimit(limit('b', 'buy', P100, ONE, { postOnly: true, timeInForce }))).toEqual({
          ok: false,
          code: 'orderbook.post_only_requires_gtc',
        });
      }
    });
  });

  describe('market orders', () => {
    it('by base size walk the levels and expire what the book lacks', () => {
      const book = create();
      book.placeLimit(limit('a', 'buy', P101, ONE));
      book.placeLimit(limit('a', 'buy', P100, ONE));
      const taker = placed(book.placeMarket(market('b', 'sell', 3n * ONE)));
      expect(taker.fills.map((fill) => fill.price)).toEqual([P101, P100]);
      expect(taker).toMatchObject({ status: 'expired', filledSize: 2n * ONE, expiredSize: ONE, restingSize: 0n });
      expect(taker.filledQuoteAmount).toBe(P101 * ONE + P100 * ONE);
    });

    it('by base size are filled when the book is deep enough', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      expect(placed(book.placeMarket(market('b', 'buy', 500n)))).toMatchObject({ status: 'filled', filledSize: 500n });
    });

    it('on an empty book expire without fills', () => {
      expect(placed(create().placeMarket(market('b', 'buy', ONE)))).toMatchObject({ status: 'expired', fills: [] });
    });

    it('by quote amount spend whole size steps within the budget, fees on top', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      book.placeLimit(limit('a', 'sell', P101, ONE));
      // 150.000000 USDT: 1.0000 at 100.00 (100 USDT), then 50 / 101 = 0.49504... -> 0.4950 at 101.00.
      const taker = placed(book.placeMarketByQuote(marketByQuote('b', 150_000_000n)));
      expect(taker.fills.map((fill) => [fill.price, fill.size])).toEqual([
        [P100, ONE],
        [P101, 4950n],
      ]);
      expect(taker.status).toBe('filled');
      expect(taker.filledQuoteAmount).toBe(100_000_000n + 49_995_000n);
      expect(taker.filledQuoteAmount).toBeLessThanOrEqual(150_000_000n);
      expect(taker.expiredSize).toBe(0n);
      expect(book.depth(1).asks[0]).toMatchObject({ price: P101, size: ONE - 4950n });
    });

    it('by quote amount expire when the book runs out before the budget', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      const taker = placed(book.placeMarketByQuote(marketByQuote('b', 500_000_000n)));
      expect(taker).toMatchObject({ status: 'expired', filledSize: ONE, filledQuoteAmount: 100_000_000n });
    });

    it('by quote amount too small for one step buy nothing', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P100, ONE));
      // One step (0.0010) at 100.00 costs 0.100000; offer 0.099999.
      const taker = placed(book.placeMarketByQuote(marketByQuote('b', 99_999n)));
      expect(taker).toMatchObject({ status: 'expired', filledSize: 0n, fills: [] });
      expect(book.restingOrderCount()).toBe(1);
    });
  });

  describe('self-trade prevention (cancel oldest)', () => {
    it('cancels the resting order of the same owner and keeps matching behind it', () => {
      const book = create();
      book.placeLimit(limit('alice', 'sell', P100, ONE)); // 1: alice's own
      book.placeLimit(limit('bob', 'sell', P100, ONE)); // 2
      book.placeLimit(limit('alice', 'sell', P101, ONE)); // 3: alice's own, beyond the fill
      const taker = placed(book.placeLimit(limit('alice', 'buy', P101, ONE)));
      expect(taker.selfTradeCancels).toEqual([
        { orderId: 1, owner: 'alice', side: 'sell', price: P100, cancelledSize: ONE },
      ]);
      expect(taker.fills.map((fill) => [fill.makerOrderId, fill.makerOwner])).toEqual([[2, 'bob']]);
      expect(taker.status).toBe('filled');
      // Order 3 was never reached, so it stays.
      expect(book.openOrders('alice').map((order) => order.orderId)).toEqual([3]);
      expect(book.cancel(cancel('alice', 1))).toEqual({ ok: false, code: 'orderbook.order_finished' });
    });

    it('never produces a fill between one owner and itself, and may rest after clearing its own orders', () => {
      const book = create();
      book.placeLimit(limit('alice', 'buy', P101, ONE));
      const taker = placed(book.placeLimit(limit('alice', 'sell', P100, 2n * ONE)));
      expect(taker.fills).toEqual([]);
      expect(taker.selfTradeCancels).toHaveLength(1);
      expect(taker.status).toBe('resting');
      expect(book.bestAsk()).toBe(P100);
      expect(book.bestBid()).toBeNull();
    });

    it('applies to market orders too', () => {
      const book = create();
      book.placeLimit(limit('alice', 'buy', P100, ONE));
      const taker = placed(book.placeMarket(market('alice', 'sell', ONE)));
      expect(taker).toMatchObject({ status: 'expired', fills: [], expiredSize: ONE });
      expect(taker.selfTradeCancels).toHaveLength(1);
    });
  });

  describe('cancel', () => {
    it("removes the owner's resting order and reports what was left", () => {
      const book = create();
      book.placeLimit(limit('alice', 'buy', P100, ONE));
      book.placeLimit(limit('bob', 'sell', P100, 300n));
      expect(cancelled(book.cancel(cancel('alice', 1)))).toEqual({
        ok: true,
        type: 'cancel',
        orderId: 1,
        owner: 'alice',
        side: 'buy',
        price: P100,
        cancelledSize: ONE - 300n,
      });
      expect(book.restingOrderCount()).toBe(0);
      expect(book.depth(5)).toEqual({ bids: [], asks: [] });
    });

    it("refuses another owner's order and leaves it", () => {
      const book = create();
      book.placeLimit(limit('alice', 'buy', P100, ONE));
      expect(book.cancel(cancel('mallory', 1))).toEqual({ ok: false, code: 'orderbook.not_owner' });
      expect(book.restingOrderCount()).toBe(1);
    });

    it('refuses finished orders: filled, expired, already cancelled', () => {
      const book = create();
      book.placeLimit(limit('alice', 'sell', P100, ONE)); // 1, filled by 2
      book.placeLimit(limit('bob', 'buy', P100, ONE)); // 2, filled
      book.placeLimit(limit('bob', 'buy', P100, ONE, { timeInForce: 'IOC' })); // 3, expired
      book.placeLimit(limit('carol', 'buy', P100, ONE)); // 4
      cancelled(book.cancel(cancel('carol', 4)));
      for (const [owner, orderId] of [
        ['alice', 1],
        ['bob', 2],
        ['bob', 3],
        ['carol', 4],
      ] as const) {
        expect(book.cancel(cancel(owner, orderId))).toEqual({ ok: false, code: 'orderbook.order_finished' });
      }
    });

    it('refuses unknown ids', () => {
      const book = create();
      book.placeLimit(limit('alice', 'buy', P100, ONE));
      for (const orderId of [2, 0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
        expect(book.cancel(cancel('alice', orderId))).toEqual({ ok: false, code: 'orderbook.unknown_order' });
      }
    });

    it('empties and removes a level in the middle of the book', () => {
      const book = create();
      book.placeLimit(limit('a', 'buy', P102, ONE));
      book.placeLimit(limit('a', 'buy', P101, ONE));
      book.placeLimit(limit('a', 'buy', P100, ONE));
      cancelled(book.cancel(cancel('a', 2)));
      expect(book.depth(5).bids.map((level) => level.price)).toEqual([P102, P100]);
      book.placeLimit(limit('a', 'buy', P101, ONE));
      expect(book.depth(5).bids.map((level) => level.price)).toEqual([P102, P101, P100]);
    });
  });

  describe('validation', () => {
    const cases: [string, Parameters<OrderBookEngine['execute']>[0], string][] = [
      ['price off the tick', limit('a', 'buy', P100 + 1n, ONE), 'orderbook.price_off_tick'],
      ['zero price', limit('a', 'buy', 0n, ONE), 'orderbook.price_not_positive'],
      ['negative price', limit('a', 'buy', -50n, ONE), 'orderbook.price_not_positive'],
      ['size off the step', limit('a', 'buy', P100, ONE + 1n), 'orderbook.size_off_step'],
      ['size below the minimum', limit('a', 'buy', P100, 90n), 'orderbook.size_below_minimum'],
      ['zero size', limit('a', 'buy', P100, 0n), 'orderbook.size_not_positive'],
      ['market size below the minimum', market('a', 'buy', 10n), 'orderbook.size_below_minimum'],
      ['market size off the step', market('a', 'sell', 105n), 'orderbook.size_off_step'],
      ['no owner', limit('', 'buy', P100, ONE), 'orderbook.owner_missing'],
      ['zero quote amount', marketByQuote('a', 0n), 'orderbook.quote_amount_not_positive'],
      ['bad side', { ...limit('a', 'buy', P100, ONE), side: 'hold' as 'buy' }, 'orderbook.side_invalid'],
      [
        'bad time in force',
        { ...limit('a', 'buy', P100, ONE), timeInForce: 'GTD' as 'GTC' },
        'orderbook.time_in_force_invalid',
      ],
      [
        'unknown command',
        { type: 'modify', owner: 'a' } as unknown as ReturnType<typeof cancel>,
        'orderbook.command_invalid',
      ],
    ];
    for (const [name, command, code] of cases) {
      it(`refuses ${name} with ${code}, changing nothing`, () => {
        const book = create();
        book.placeLimit(limit('z', 'sell', P102, ONE));
        const before = book.stateHash();
        expect(book.execute(command)).toEqual({ ok: false, code });
        expect(book.stateHash()).toBe(before);
      });
    }

    it('accepts the minimum size exactly', () => {
      expect(placed(create().placeLimit(limit('a', 'buy', P100, 100n))).status).toBe('resting');
    });
  });

  describe('fees', () => {
    it('round up to the quote scale, what the customer pays', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', 10050n, 100n)); // 100.50 x 0.0100 = 1.005000
      const [fill] = placed(book.placeLimit(limit('b', 'buy', 10050n, 100n))).fills;
      expect(fill?.quoteAmount).toBe(1_005_000n);
      expect(fill?.makerFee).toBe(1005n); // 0.001005 exactly
      expect(fill?.takerFee).toBe(2010n);
      // At a coarser quote scale the same fees round up: 0.001005 -> 0.01, 0.00201 -> 0.01.
      const coarse = implementation.create({ ...PAIR, quoteScale: 2 });
      coarse.placeLimit(limit('a', 'sell', 10050n, 100n));
      const [coarseFill] = placed(coarse.placeLimit(limit('b', 'buy', 10050n, 100n))).fills;
      expect(coarseFill).toMatchObject({ makerFee: 1n, takerFee: 1n });
      expect(coarseFill?.makerFee).toBe(multiply(1_005_000n, 6, 1000n, 6, 2, 'up'));
    });

    it('round up a fraction of a unit to one unit, and a zero rate is zero', () => {
      const book = implementation.create({ ...PAIR, quoteScale: 4, makerFeeRate: 0n, takerFeeRate: 1n });
      book.placeLimit(limit('a', 'sell', 50n, 100n)); // 0.50 x 0.0100 = 0.005000
      const [fill] = placed(book.placeLimit(limit('b', 'buy', 50n, 100n))).fills;
      expect(fill).toMatchObject({ quoteAmount: 5000n, makerFee: 0n, takerFee: 1n });
    });
  });

  describe('depth and snapshots', () => {
    it('aggregates levels with cumulative sizes and honours the level count', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P101, ONE));
      book.placeLimit(limit('b', 'sell', P101, 500n));
      book.placeLimit(limit('a', 'sell', P102, ONE));
      expect(book.depth(5).asks).toEqual([
        { price: P101, size: ONE + 500n, cumulativeSize: ONE + 500n, orderCount: 2 },
        { price: P102, size: ONE, cumulativeSize: 2n * ONE + 500n, orderCount: 1 },
      ]);
      expect(book.depth(1).asks).toHaveLength(1);
      expect(book.depth(0)).toEqual({ bids: [], asks: [] });
      expect(book.depth(-3)).toEqual({ bids: [], asks: [] });
    });

    it('restores from its exported state with the same hash, and carries on identically', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P101, ONE));
      book.placeLimit(limit('b', 'sell', P101, 500n));
      book.placeLimit(limit('c', 'buy', P100, ONE));
      book.placeLimit(limit('d', 'buy', P101, 300n));
      const restored = implementation.restore(PAIR, book.exportState());
      expect(restored.stateHash()).toBe(book.stateHash());
      const next = limit('e', 'buy', P102, 2n * ONE);
      expect(restored.execute(next)).toEqual(book.execute(next));
      expect(restored.stateHash()).toBe(book.stateHash());
    });

    it('refuses a corrupted state', () => {
      const book = create();
      book.placeLimit(limit('a', 'sell', P101, ONE));
      book.placeLimit(limit('c', 'buy', P100, ONE));
      const state = book.exportState();
      const crossed = { ...state, orders: state.orders.map((order) => ({ ...order, price: P100 })) };
      expect(() => implementation.restore(PAIR, crossed)).toThrow(/crossed/);
      expect(() => implementation.restore({ ...PAIR, pair: 'ETH/USDT' }, state)).toThrow(/pair/);
      expect(() => implementation.restore(PAIR, { ...state, nextOrderId: 2 })).toThrow(/id outside/);
      const reversed = { ...state, orders: [...state.orders].reverse() };
      expect(() => implementation.restore(PAIR, reversed)).toThrow(/bid is listed after/);
    });

    it('gives equal hashes for equal histories and different hashes for different ones', () => {
      const first = create();
      const second = create();
      const third = create();
      for (const book of [first, second]) {
        book.placeLimit(limit('a', 'sell', P101, ONE));
        book.placeLimit(limit('b', 'buy', P101, 500n));
      }
      third.placeLimit(limit('a', 'sell', P101, ONE));
      third.placeLimit(limit('b', 'buy', P101, 510n));
      expect(first.stateHash()).toMatch(/^[0-9a-f]{16}$/);
      expect(first.stateHash()).toBe(second.stateHash());
      expect(third.stateHash()).not.toBe(first.stateHash());
    });
  });
});

describe('engine and reference agree on the scenarios above', () => {
  it('gives the same hash after the same stream', () => {
    const [engine, reference] = IMPLEMENTATIONS.map((implementation) => implementation.create(PAIR));
    const stream = [
      limit('a', 'sell', P101, ONE),
      limit('b', 'sell', P100, ONE),
      limit('a', 'buy', P101, 1500n, { timeInForce: 'IOC' }),
      market('c', 'buy', 200n),
      cancel('a', 1),
      marketByQuote('d', 10_000_000n),
    ];
    for (const command of stream) expect(engine?.execute(command)).toEqual(reference?.execute(command));
    expect(engine?.stateHash()).toBe(reference?.stateHash());
  });
});
