/**
 * The engine against the reference model with prices and sizes far beyond 32 and 53 bits. The engine
 * converts prices and sizes to Numbers on its fast paths (the price tree's keys, the state hash's
 * one-word case), where values that large are inexact or tie; this is where those fallbacks must give
 * exactly what the plain BigInt reference gives.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commandStreamArbitrary, configArbitrary, OWNERS } from './command-stream.test-helper';
import { OrderBook } from './order-book';
import { ReferenceOrderBook } from './reference';
import type { OrderBookCommand, OrderBookEngine } from './types';

const numRuns = process.env.CI ? 500 : 100;
const PROPERTY_TIMEOUT_MS = 600_000;

/** A multiple of the test pair's 5-unit tick near 2^60, where doubles are 256 apart: neighbouring ticks tie as Numbers. */
const PRICE_OFFSET = 5n * 2n ** 58n;
/** Sizes below 2^32, above 2^32 and above 2^53 (products with the prices run past 2^110). */
const SIZE_FACTORS = [1n, 2n ** 33n, 2n ** 60n] as const;

function enlarge(command: OrderBookCommand, sizeFactor: bigint): OrderBookCommand {
  switch (command.type) {
    case 'limit':
      return { ...command, price: command.price + PRICE_OFFSET, size: command.size * sizeFactor };
    case 'market':
      return { ...command, size: command.size * sizeFactor };
    case 'market_by_quote':
      return { ...command, quoteAmount: command.quoteAmount * PRICE_OFFSET * sizeFactor };
    default:
      return command;
  }
}

function expectSameBooks(engine: OrderBookEngine, reference: OrderBookEngine): void {
  expect(engine.exportState()).toEqual(reference.exportState());
  expect(engine.depth(Number.MAX_SAFE_INTEGER)).toEqual(reference.depth(Number.MAX_SAFE_INTEGER));
  for (const owner of OWNERS) expect(engine.openOrders(owner)).toEqual(reference.openOrders(owner));
  expect([engine.bestBid(), engine.bestAsk()]).toEqual([reference.bestBid(), reference.bestAsk()]);
  expect(engine.stateHash()).toBe(reference.stateHash());
}

describe('the engine matches the reference model with very large prices and sizes', () => {
  it(
    'gives the same results, book and hash, and restores to the same',
    () => {
      fc.assert(
        fc.property(
          configArbitrary().chain((config) =>
            fc.tuple(
              fc.constant(config),
              commandStreamArbitrary(config, { priceLevels: 12, maximumCommands: 100 }),
              fc.constantFrom(...SIZE_FACTORS),
            ),
          ),
          ([config, generated, sizeFactor]) => {
            const commands = generated.map((command) => enlarge(command, sizeFactor));
            const engine = new OrderBook(config);
            const reference = new ReferenceOrderBook(config);
            for (const command of commands) {
              expect(engine.execute(command)).toEqual(reference.execute(command));
              expect(engine.stateHash()).toBe(reference.stateHash());
            }
            expectSameBooks(engine, reference);
            const restored = OrderBook.restore(config, engine.exportState());
            expect(restored.stateHash()).toBe(engine.stateHash());
            expect(restored.exportState()).toEqual(engine.exportState());
          },
        ),
        { numRuns },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
