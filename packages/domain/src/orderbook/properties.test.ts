/**
 * Property tests on random command streams. One suite of invariants runs against both the engine and
 * the reference model; then the engine must match the reference exactly, result by result.
 *
 * Invariants checked after every command:
 * - the book is never crossed, and depth agrees with the open orders;
 * - fills never exceed the orders' quantities (per order: filled <= size, and filled + resting +
 *   expired or cancelled = size);
 * - price-time priority: the orders an incoming order touches are exactly a prefix of the opposite
 *   side in priority order (best price, then oldest), own orders cancelled, the others traded at their
 *   own price, and it stops only when its limit, its size or its budget says so;
 * - FOK and post-only refusals are justified by the book as it was;
 * - conservation: per currency, what all owners and the fee account gained and lost nets to zero,
 *   and each owner's ledger view equals the view from their orders.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { multiply, rescale } from '../decimal';
import { commandStreamArbitrary, configArbitrary, OWNERS, type StreamShape } from './command-stream.test-helper';
import { IMPLEMENTATIONS, type Implementation } from './test-support.test-helper';
import type {
  BookState,
  CommandResult,
  OpenOrder,
  OrderBookCommand,
  OrderBookEngine,
  OrderSide,
  PlacementAccepted,
  PlacementCommand,
} from './types';

const numRuns = process.env.CI ? 1000 : 200;
/** A thousand streams through the slow reference, on a shared 2-core machine, can take minutes. */
const PROPERTY_TIMEOUT_MS = 600_000;

type NamedShape = StreamShape & { name: string };
const NARROW: NamedShape = { name: 'narrow band (many crosses)', priceLevels: 8, maximumCommands: 80 };
const WIDE: NamedShape = { name: 'wide band (many levels)', priceLevels: 60, maximumCommands: 150 };
const SHAPES: readonly NamedShape[] = [NARROW, WIDE];

const FEE_ACCOUNT = '#fees';

interface OrderRecord {
  owner: string;
  side: OrderSide;
  /** null for a market buy by quote, whose size is not fixed in advance. */
  size: bigint | null;
  filled: bigint;
  /** Quote moved by this order's fills, at the common scale, signed from the owner's side, fees included. */
  quote: bigint;
  closed: boolean;
}

function crosses(side: OrderSide, limitPrice: bigint | null, makerPrice: bigint): boolean {
  if (limitPrice === null) return true;
  return side === 'buy' ? makerPrice <= limitPrice : makerPrice >= limitPrice;
}

function limitOf(command: PlacementCommand): bigint | null {
  return command.type === 'limit' ? command.price : null;
}

function sideOf(command: PlacementCommand): OrderSide {
  return command.type === 'market_by_quote' ? 'buy' : command.side;
}

/** Runs a stream through one implementation, checking every invariant after every command. */
class CheckedRun {
  readonly results: CommandResult[] = [];
  private readonly orders = new Map<number, OrderRecord>();
  private readonly base = new Map<string, bigint>();
  private readonly quote = new Map<string, bigint>();
  private readonly quoteAmountScale: number;
  private readonly commonScale: number;

  constructor(private readonly book: OrderBookEngine) {
    this.quoteAmountScale = book.config.priceScale + book.config.sizeScale;
    this.commonScale = Math.max(this.quoteAmountScale, book.config.quoteScale);
  }

  run(commands: readonly OrderBookCommand[]): void {
    for (const command of commands) {
      const before = this.book.exportState();
      const result = this.book.execute(command);
      this.results.push(result);
      if (command.type === 'cancel') this.checkCancel(command.orderId, result);
      else this.checkPlacement(before, command, result);
      this.checkBookShape();
    }
    this.checkRestingAgainstRecords();
    this.checkConservation();
  }

  private toCommon(value: bigint, scale: number): bigint {
    return value * 10n ** BigInt(this.commonScale - scale);
  }

  private credit(balances: Map<string, bigint>, owner: string, amount: bigint): void {
    balances.set(owner, (balances.get(owner) ?? 0n) + amount);
  }

  private checkPlacement(before: BookState, command: PlacementCommand, result: CommandResult): void {
    const side = sideOf(command);
    const limitPrice = limitOf(command);
    const opposite = before.orders.filter((order) => order.side !== side);
    const crossing = opposite.filter((order) => crosses(side, limitPrice, order.price));
    if (!result.ok) {
      if (result.code === 'orderbook.post_only_would_take') expect(crossing.length).toBeGreaterThan(0);
      if (result.code === 'orderbook.fok_unfillable' && command.type === 'limit') {
        const available = crossing
          .filter((order) => order.owner !== command.owner)
          .reduce((sum, order) => sum + order.remainingSize, 0n);
        expect(available).toBeLessThan(command.size);
      }
      return;
    }
    expect(result.type).toBe('placement');
    if (result.type !== 'placement') return;
    expect(this.orders.has(result.orderId)).toBe(false);
    const size = command.type === 'market_by_quote' ? null : command.size;
    this.orders.set(result.orderId, { owner: command.owner, side, size, filled: 0n, quote: 0n, closed: false });
    if (command.type === 'limit' && command.postOnly) expect(crossing).toEqual([]);
    this.checkPriority(opposite, command, result);
    this.checkFills(command, result);
  }

  /** The touched orders are exactly the first ones of the opposite side in priority order. */
  private checkPriority(opposite: readonly OpenOrder[], command: PlacementCommand, result: PlacementAccepted): void {
    const side = sideOf(command);
    const limitPrice = limitOf(command);
    const fills = [...result.fills];
    const cancels = [...result.selfTradeCancels];
    const touched = fills.length + cancels.length;
    for (let position = 0; position < touched; position++) {
      const order = opposite[position];
      expect(order, 'touched more orders than the opposite side held').toBeDefined();
      if (order === undefined) return;
      expect(crosses(side, limitPrice, order.price)).toBe(true);
      if (order.owner === command.owner) {
        expect(cancels.shift()).toEqual({
          orderId: order.orderId,
          owner: order.owner,
          side: order.side,
          price: order.price,
          cancelledSize: order.remainingSize,
        });
        continue;
      }
      const fill = fills.shift();
      expect(fill?.makerOrderId).toBe(order.orderId);
      expect(fill?.price).toBe(order.price);
      expect(fill?.makerRemainingSize).toBe(order.remainingSize - (fill?.size ?? 0n));
      // Only the last touched order may be left partially filled.
      if (position < touched - 1) expect(fill?.makerRemainingSize).toBe(0n);
    }
    expect(fills).toEqual([]);
    expect(cancels).toEqual([]);

    // It stopped for a reason: nothing left to want, the next order outside its limit, or the budget.
    const lastFill = result.fills.at(-1);
    const partial = lastFill !== undefined && lastFill.makerRemainingSize > 0n;
    const next = partial ? opposite.find((order) => order.orderId === lastFill.makerOrderId) : opposite[touched];
    if (command.type === 'market_by_quote') {
      const budget = rescale(command.quoteAmount, this.book.config.quoteScale, this.quoteAmountScale, 'down');
      if (next === undefined) {
        expect(result.status).toBe('expired');
      } else {
        // The budget could not buy one more step from the order it would have met next.
        expect(result.filledQuoteAmount + next.price * this.book.config.sizeStep).toBeGreaterThan(budget);
        expect(result.status).toBe(result.filledSize > 0n ? 'filled' : 'expired');
      }
      return;
    }
    if (partial) expect(result.filledSize).toBe(command.size);
    else if (result.filledSize < command.size && next !== undefined) {
      expect(crosses(side, limitPrice, next.price)).toBe(false);
    }
  }

  private checkFills(command: PlacementCommand, result: PlacementAccepted): void {
    const config = this.book.config;
    const taker = this.orders.get(result.orderId);
    if (taker === undefined) throw new Error('taker not recorded');
    let filled = 0n;
    let quoteAmount = 0n;
    let previousSequence = 0;
    for (const fill of result.fills) {
      const maker = this.orders.get(fill.makerOrderId);
      expect(maker, `fill against unknown order ${fill.makerOrderId}`).toBeDefined();
      if (maker === undefined) return;
      expect(fill.sequence).toBeGreaterThan(previousSequence);
      previousSequence = fill.sequence;
      expect(fill.takerOrderId).toBe(result.orderId);
      expect(fill.makerOwner).toBe(maker.owner);
      expect(fill.takerOwner).toBe(command.owner);
      expect(fill.makerOwner).not.toBe(fill.takerOwner);
      expect(fill.size).toBeGreaterThan(0n);
      expect(fill.size % config.sizeStep).toBe(0n);
      expect(fill.quoteAmount).toBe(fill.price * fill.size);
      expect(fill.makerFee).toBe(
        multiply(fill.quoteAmount, this.quoteAmountScale, config.makerFeeRate, 6, config.quoteScale, 'up'),
      );
      expect(fill.takerFee).toBe(
        multiply(fill.quoteAmount, this.quoteAmountScale, config.takerFeeRate, 6, config.quoteScale, 'up'),
      );
      // Rounded up, by less than one unit of the quote scale.
      const exactMakerFee = fill.quoteAmount * config.makerFeeRate;
      const feeUnit = 10n ** BigInt(this.quoteAmountScale + 6 - config.quoteScale);
      if (this.quoteAmountScale + 6 >= config.quoteScale) {
        expect(fill.makerFee * feeUnit).toBeGreaterThanOrEqual(exactMakerFee);
        expect((fill.makerFee - 1n) * feeUnit).toBeLessThan(exactMakerFee === 0n ? 1n : exactMakerFee);
      }

      maker.filled += fill.size;
      taker.filled += fill.size;
      if (maker.size !== null) expect(maker.filled).toBeLessThanOrEqual(maker.size);
      expect(maker.closed).toBe(false);
      if (fill.makerRemainingSize === 0n) maker.closed = true;
      filled += fill.size;
      quoteAmount += fill.quoteAmount;
      this.settle(
        fill.takerSide,
        fill.makerOwner,
        fill.takerOwner,
        fill.size,
        fill.quoteAmount,
        fill.makerFee,
        fill.takerFee,
        maker,
        taker,
      );
    }
    for (const cancelled of result.selfTradeCancels) {
      const order = this.orders.get(cancelled.orderId);
      expect(order?.owner).toBe(command.owner);
      if (order === undefined) return;
      if (order.size !== null) expect(order.filled + cancelled.cancelledSize).toBe(order.size);
      order.closed = true;
    }
    expect(result.filledSize).toBe(filled);
    expect(result.filledQuoteAmount).toBe(quoteAmount);
    if (command.type === 'market_by_quote') {
      const budget = rescale(command.quoteAmount, config.quoteScale, this.quoteAmountScale, 'down');
      expect(quoteAmount).toBeLessThanOrEqual(budget);
      expect(result.restingSize).toBe(0n);
      taker.closed = true;
      return;
    }
    expect(result.filledSize + result.restingSize + result.expiredSize).toBe(command.size);
    expect(result.status).toBe(result.restingSize > 0n ? 'resting' : result.expiredSize > 0n ? 'expired' : 'filled');
    if (result.status !== 'resting') taker.closed = true;
    if (command.type === 'market' || command.timeInForce !== 'GTC') expect(result.restingSize).toBe(0n);
    if (command.type === 'limit' && command.timeInForce === 'FOK') expect(result.status).toBe('filled');
    for (const fill of result.fills) expect(crosses(command.side, limitOf(command), fill.price)).toBe(true);
  }

  /** Buyer gets base and pays quote, seller the reverse; both pay their fee to the fee account. */
  private settle(
    takerSide: OrderSide,
    makerOwner: string,
    takerOwner: string,
    size: bigint,
    quoteAmount: bigint,
    makerFee: bigint,
    takerFee: bigint,
    maker: OrderRecord,
    taker: OrderRecord,
  ): void {
    const buyer = takerSide === 'buy' ? takerOwner : makerOwner;
    const seller = takerSide === 'buy' ? makerOwner : takerOwner;
    const notional = this.toCommon(quoteAmount, this.quoteAmountScale);
    const makerFeeCommon = this.toCommon(makerFee, this.book.config.quoteScale);
    const takerFeeCommon = this.toCommon(takerFee, this.book.config.quoteScale);
    this.credit(this.base, buyer, size);
    this.credit(this.base, seller, -size);
    this.credit(this.quote, buyer, -notional);
    this.credit(this.quote, seller, notional);
    this.credit(this.quote, makerOwner, -makerFeeCommon);
    this.credit(this.quote, takerOwner, -takerFeeCommon);
    this.credit(this.quote, FEE_ACCOUNT, makerFeeCommon + takerFeeCommon);
    maker.quote += (maker.side === 'sell' ? notional : -notional) - makerFeeCommon;
    taker.quote += (taker.side === 'sell' ? notional : -notional) - takerFeeCommon;
  }

  private checkCancel(orderId: number, result: CommandResult): void {
    const record = this.orders.get(orderId);
    if (result.ok) {
      expect(result.type).toBe('cancel');
      if (result.type !== 'cancel' || record === undefined) throw new Error('cancel of an unrecorded order');
      expect(record.closed).toBe(false);
      expect(result.owner).toBe(record.owner);
      if (record.size !== null) expect(record.filled + result.cancelledSize).toBe(record.size);
      record.closed = true;
      return;
    }
    if (result.code === 'orderbook.unknown_order') expect(record).toBeUndefined();
    if (result.code === 'orderbook.order_finished') expect(record?.closed).toBe(true);
    if (result.code === 'orderbook.not_owner') expect(record?.closed).toBe(false);
  }

  private checkBookShape(): void {
    const bid = this.book.bestBid();
    const ask = this.book.bestAsk();
    if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
    const depth = this.book.depth(Number.MAX_SAFE_INTEGER);
    const open = OWNERS.flatMap((owner) => this.book.openOrders(owner));
    expect(open.length).toBe(this.book.restingOrderCount());
    for (const [side, levels] of [
      ['buy', depth.bids],
      ['sell', depth.asks],
    ] as const) {
      const onSide = open.filter((order) => order.side === side);
      expect(levels.reduce((count, level) => count + level.orderCount, 0)).toBe(onSide.length);
      expect(levels.at(-1)?.cumulativeSize ?? 0n).toBe(onSide.reduce((sum, order) => sum + order.remainingSize, 0n));
      expect(levels[0]?.price ?? null).toBe(side === 'buy' ? bid : ask);
    }
  }

  private checkRestingAgainstRecords(): void {
    for (const order of this.book.exportState().orders) {
      const record = this.orders.get(order.orderId);
      expect(record?.closed).toBe(false);
      expect(order.originalSize - order.remainingSize).toBe(record?.filled);
      expect(order.remainingSize % this.book.config.sizeStep).toBe(0n);
    }
  }

  private checkConservation(): void {
    const sum = (balances: Map<string, bigint>): bigint =>
      [...balances.values()].reduce((total, value) => total + value, 0n);
    expect(sum(this.base)).toBe(0n);
    expect(sum(this.quote)).toBe(0n);
    for (const owner of OWNERS) {
      const owned = [...this.orders.values()].filter((order) => order.owner === owner);
      const baseFromOrders = owned.reduce(
        (total, order) => total + (order.side === 'buy' ? order.filled : -order.filled),
        0n,
      );
      const quoteFromOrders = owned.reduce((total, order) => total + order.quote, 0n);
      expect(this.base.get(owner) ?? 0n).toBe(baseFromOrders);
      expect(this.quote.get(owner) ?? 0n).toBe(quoteFromOrders);
    }
  }
}

function runChecked(
  implementation: Implementation,
  config: OrderBookEngine['config'],
  commands: readonly OrderBookCommand[],
) {
  const book = implementation.create(config);
  const run = new CheckedRun(book);
  run.run(commands);
  return { book, results: run.results };
}

describe.each(IMPLEMENTATIONS)('order book invariants on random streams ($name)', (implementation) => {
  for (const shape of SHAPES) {
    it(
      `hold on a ${shape.name}`,
      () => {
        fc.assert(
          fc.property(
            configArbitrary().chain((config) => fc.tuple(fc.constant(config), commandStreamArbitrary(config, shape))),
            ([config, commands]) => {
              runChecked(implementation, config, commands);
            },
          ),
          { numRuns },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }

  it(
    'restores from any exported state to the same hash and the same future',
    () => {
      fc.assert(
        fc.property(
          configArbitrary().chain((config) =>
            fc.tuple(fc.constant(config), commandStreamArbitrary(config, WIDE), commandStreamArbitrary(config, NARROW)),
          ),
          ([config, history, future]) => {
            const book = implementation.create(config);
            for (const command of history) book.execute(command);
            const restored = implementation.restore(config, book.exportState());
            expect(restored.stateHash()).toBe(book.stateHash());
            for (const command of future) expect(restored.execute(command)).toEqual(book.execute(command));
            expect(restored.exportState()).toEqual(book.exportState());
            expect(restored.stateHash()).toBe(book.stateHash());
          },
        ),
        { numRuns },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('the engine matches the reference model exactly', () => {
  const [engineImplementation, referenceImplementation] = IMPLEMENTATIONS;
  for (const shape of SHAPES) {
    it(
      `on a ${shape.name}: same results, same book, same hash`,
      () => {
        if (engineImplementation === undefined || referenceImplementation === undefined) throw new Error('missing');
        fc.assert(
          fc.property(
            configArbitrary().chain((config) => fc.tuple(fc.constant(config), commandStreamArbitrary(config, shape))),
            ([config, commands]) => {
              const engine = engineImplementation.create(config);
              const reference = referenceImplementation.create(config);
              for (const command of commands) {
                expect(engine.execute(command)).toEqual(reference.execute(command));
                expect(engine.stateHash()).toBe(reference.stateHash());
              }
              expect(engine.exportState()).toEqual(reference.exportState());
              expect(engine.depth(Number.MAX_SAFE_INTEGER)).toEqual(reference.depth(Number.MAX_SAFE_INTEGER));
              for (const owner of OWNERS) expect(engine.openOrders(owner)).toEqual(reference.openOrders(owner));
              expect([engine.bestBid(), engine.bestAsk()]).toEqual([reference.bestBid(), reference.bestAsk()]);
            },
          ),
          { numRuns },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});
