import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, type OrderBookCommand, type OrderSide } from '@kestrel/domain';
import { DepthMirror } from './depth-mirror';

const CONFIG = {
  pair: 'T/USDT',
  priceScale: 2,
  sizeScale: 2,
  quoteScale: 8,
  priceTick: 1n,
  sizeStep: 1n,
  minimumSize: 1n,
  makerFeeRate: 1_000n,
  takerFeeRate: 1_000n,
};

const command = fc.oneof(
  fc.record({
    type: fc.constant('limit' as const),
    owner: fc.constantFrom('mm', 'a', 'b', 'c'),
    side: fc.constantFrom<OrderSide>('buy', 'sell'),
    price: fc.bigInt({ min: 90n, max: 110n }),
    size: fc.bigInt({ min: 1n, max: 20n }),
    timeInForce: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
    postOnly: fc.constant(false),
  }),
  fc.record({
    type: fc.constant('market' as const),
    owner: fc.constantFrom('mm', 'a', 'b'),
    side: fc.constantFrom<OrderSide>('buy', 'sell'),
    size: fc.bigInt({ min: 1n, max: 40n }),
  }),
  fc.record({
    type: fc.constant('cancel' as const),
    owner: fc.constantFrom('mm', 'a', 'b', 'c'),
    orderId: fc.integer({ min: 1, max: 80 }),
  }),
);

describe('depth mirror', () => {
  it('equals the engine depth level for level after any command stream, with the market maker part', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 150 }), (commands) => {
        const book = new OrderBook(CONFIG);
        const mirror = new DepthMirror((owner) => owner === 'mm');
        for (const next of commands) {
          const result = book.execute(next as OrderBookCommand);
          const placed =
            next.type === 'cancel'
              ? null
              : { side: next.side, price: next.type === 'limit' ? next.price : null, owner: next.owner };
          const changes = mirror.apply(result, placed);
          for (const change of changes) expect(change.level).toEqual(mirror.level(change.side, change.price));
        }
        const depth = book.depth(1_000);
        for (const [side, levels] of [
          ['buy', depth.bids],
          ['sell', depth.asks],
        ] as const) {
          expect(mirror.levelCount(side)).toBe(levels.length);
          for (const level of levels) {
            const mirrored = mirror.level(side, level.price);
            expect([mirrored.size, mirrored.count]).toEqual([level.size, level.orderCount]);
            const marketMakerSize = book
              .openOrders('mm')
              .filter((order) => order.side === side && order.price === level.price)
              .reduce((sum, order) => sum + order.remainingSize, 0n);
            expect(mirrored.marketMakerSize).toBe(marketMakerSize);
          }
        }
        // A rebuilt mirror equals the one kept by increments.
        const rebuilt = new DepthMirror((owner) => owner === 'mm');
        rebuilt.reset(book.exportState().orders);
        for (const level of [...depth.bids, ...depth.asks]) {
          const side: OrderSide = depth.bids.includes(level) ? 'buy' : 'sell';
          expect(rebuilt.level(side, level.price)).toEqual(mirror.level(side, level.price));
        }
      }),
      { numRuns: 300 },
    );
  });
});
