/**
 * Money invariants of coin-to-coin trading, driven by the real engine: random streams of limit, market
 * and cancel commands from a few owners, with the server's own order planning (planPlacement) and
 * settlement (settlePlacement, settleCancel). After every command: no balance and no order reserve is
 * negative, every coin is conserved (customers + fee income), each owner's frozen balance equals the
 * reserves of their open orders, and an open buy still holds at least price x remaining volume.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, OrderBook, type OrderBookCommand, type OrderSide } from '@kestrel/domain';
import { RefusedError } from '../../core/errors';
import { planPlacement, type PlacementRequest } from './order-input';
import { engineConfig, type PairSpec } from './pair-spec';
import { pairTexts } from './pairs';
import {
  baseUnits,
  marketBuyReserve,
  notionalUnits,
  settleCancel,
  settlePlacement,
  type Movement,
  type OrderMoney,
} from './settlement';

const QUOTE = 3;
const BASE = 4;

function pairWith(overrides: Partial<PairSpec>): PairSpec {
  return {
    productCode: 'X:TEST',
    productId: 1,
    names: {},
    productName: 'Test',
    pair: 'TST/USDT',
    baseCurrencyId: BASE,
    baseCurrencyName: 'TST',
    baseScale: 8,
    quoteCurrencyId: QUOTE,
    quoteCurrencyName: 'USDT',
    quoteScale: 8,
    priceScale: 2,
    volumeScale: 5,
    tick: 1n,
    step: 1n,
    minimum: 1n,
    makerFeeRate: 1_000n,
    takerFeeRate: 1_000n,
    locked: false,
    ...overrides,
  };
}

interface Order extends OrderMoney {
  side: OrderSide;
  price: bigint | null;
}

type Step =
  | {
      kind: 'limit';
      owner: number;
      side: OrderSide;
      priceTicks: number;
      steps: number;
      tif: 'GTC' | 'IOC' | 'FOK';
      postOnly: boolean;
      byAmount: boolean;
    }
  | { kind: 'market'; owner: number; side: OrderSide; steps: number; budgetUnits: number }
  | { kind: 'cancel'; owner: number; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom<OrderSide>('buy', 'sell'),
      priceTicks: fc.integer({ min: 1, max: 40 }),
      steps: fc.integer({ min: 1, max: 60 }),
      tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
      postOnly: fc.boolean(),
      byAmount: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom<OrderSide>('buy', 'sell'),
      steps: fc.integer({ min: 1, max: 80 }),
      budgetUnits: fc.integer({ min: 1, max: 5_000_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      pick: fc.nat(),
    }),
  },
);

const pairArbitrary = fc.record({
  scales: fc.constantFrom(
    { priceScale: 2, volumeScale: 5, tick: 50n, step: 7n, minimum: 14n, base: 100_000n },
    { priceScale: 5, volumeScale: 0, tick: 1n, step: 1n, minimum: 3n, base: 20_000n },
    { priceScale: 4, volumeScale: 1, tick: 3n, step: 2n, minimum: 2n, base: 25_000n },
  ),
  maker: fc.constantFrom(0n, 1n, 1_000n, 2_500n, 333_333n),
  taker: fc.constantFrom(0n, 7n, 1_000n, 2_000n, 999_999n),
});

describe('coin-to-coin settlement against the engine', () => {
  it('reserves one unit per possible fill: three fills at the limit price round their fees up three times', () => {
    const pair = pairWith({ makerFeeRate: 333_333n, takerFeeRate: 333_333n });
    const book = new OrderBook(engineConfig(pair));
    const plan = planPlacement(pair, pairTexts(pair), {
      side: 'buy',
      orderMethod: 0,
      productPrice: '1.00',
      orderVolume: '0.00003',
      timeInForce: 'GTC',
      postOnly: 0,
    });
    // 3,000 units of notional, 1,000 of fee on it (999.999 rounded up), 3 units for three possible fills.
    expect(plan.freezeUnits).toBe(4_003n);
    const resting = book.execute({ ...plan.command, owner: 'buyer' } as OrderBookCommand);
    if (!resting.ok || resting.type !== 'placement') throw new Error('refused');
    const order: Order = {
      id: 1,
      bookOrderId: resting.orderId,
      userId: 1,
      side: 'buy',
      price: 100n,
      frozenCurrencyId: QUOTE,
      frozen: plan.freezeUnits!,
      filledVolume: 0n,
      filledAmount: 0n,
      fee: 0n,
      remainingVolume: 3n,
      status: 0,
      cancelReason: null,
      updatedAt: 0,
      finishedAt: null,
    };
    const makers = new Map([[resting.orderId, order]]);
    for (let index = 0; index < 3; index += 1) {
      const sold = book.execute({
        type: 'limit',
        owner: `seller${index}`,
        side: 'sell',
        price: 100n,
        size: 1n,
        timeInForce: 'GTC',
        postOnly: false,
      });
      if (!sold.ok || sold.type !== 'placement') throw new Error('refused');
      const seller: Order = {
        ...order,
        id: 10 + index,
        bookOrderId: null,
        userId: 2,
        side: 'sell',
        frozenCurrencyId: BASE,
        frozen: 1_000n,
        remainingVolume: 1n,
      };
      settlePlacement(pair, seller, makers, sold, 0);
    }
    // Each fill paid 1,000 + 334: the three fees (1,002) exceed the fee on the whole (1,000) by two units.
    expect(order.fee).toBe(1_002n);
    expect(order.status).toBe(1);
    expect(order.frozen).toBe(0n);
  });

  it('conserves every coin, never goes negative, and frozen always equals the open orders’ reserves', () => {
    fc.assert(
      fc.property(
        pairArbitrary,
        fc.array(stepArbitrary, { minLength: 1, maxLength: 120 }),
        ({ scales, maker, taker }, steps) => {
          const pair = pairWith({
            priceScale: scales.priceScale,
            volumeScale: scales.volumeScale,
            tick: scales.tick,
            step: scales.step,
            minimum: scales.minimum,
            makerFeeRate: maker,
            takerFeeRate: taker,
          });
          const texts = pairTexts(pair);
          const book = new OrderBook(engineConfig(pair));
          // owner -> currency -> { available, frozen }
          const balances = new Map<number, Map<number, { available: bigint; frozen: bigint }>>();
          const initialQuote = 1_000_000_000_000n;
          const initialBase = 1_000_000_000n;
          for (const owner of [1, 2, 3, 4]) {
            balances.set(
              owner,
              new Map([
                [QUOTE, { available: initialQuote, frozen: 0n }],
                [BASE, { available: initialBase, frozen: 0n }],
              ]),
            );
          }
          let feeIncome = 0n;
          const orders = new Map<number, Order>(); // by book order id, open ones only
          let nextId = 1;
          const account = (owner: number, currency: number) => balances.get(owner)!.get(currency)!;

          const apply = (movements: Movement<Order>[]) => {
            for (const movement of movements) {
              if (movement.kind === 'release') {
                const balance = account(movement.order.userId, movement.order.frozenCurrencyId);
                balance.frozen -= movement.units;
                balance.available += movement.units;
                continue;
              }
              const { settlement, buyer, seller } = movement;
              account(buyer.userId, QUOTE).frozen -= settlement.buyerPaysQuote;
              account(buyer.userId, BASE).available += settlement.buyerReceivesBase;
              account(seller.userId, BASE).frozen -= settlement.sellerPaysBase;
              account(seller.userId, QUOTE).available += settlement.sellerReceivesQuote;
              feeIncome += settlement.feeIncome;
            }
          };

          const check = () => {
            let quote = feeIncome;
            let base = 0n;
            for (const [owner, currencies] of balances) {
              for (const [currency, balance] of currencies) {
                expect(balance.available >= 0n && balance.frozen >= 0n).toBe(true);
                const reserved = [...orders.values()]
                  .filter((order) => order.userId === owner && order.frozenCurrencyId === currency)
                  .reduce((sum, order) => sum + order.frozen, 0n);
                expect(balance.frozen).toBe(reserved);
                if (currency === QUOTE) quote += balance.available + balance.frozen;
                else base += balance.available + balance.frozen;
              }
            }
            expect(quote).toBe(initialQuote * 4n);
            expect(base).toBe(initialBase * 4n);
            for (const order of orders.values()) {
              expect(order.frozen >= 0n).toBe(true);
              if (order.side === 'buy')
                expect(order.frozen >= notionalUnits(pair, order.price!, order.remainingVolume)).toBe(true);
              else expect(order.frozen).toBe(baseUnits(pair, order.remainingVolume));
            }
          };

          for (const step of steps) {
            if (step.kind === 'cancel') {
              const mine = [...orders.values()].filter((order) => order.userId === step.owner);
              if (mine.length === 0) continue;
              const order = mine[step.pick % mine.length]!;
              const result = book.execute({ type: 'cancel', owner: String(step.owner), orderId: order.bookOrderId! });
              expect(result.ok).toBe(true);
              orders.delete(order.bookOrderId!);
              apply(settleCancel(order, 0));
              check();
              continue;
            }
            const request: PlacementRequest =
              step.kind === 'limit'
                ? {
                    side: step.side,
                    orderMethod: 0,
                    productPrice: formatDecimal(
                      BigInt(step.priceTicks) * pair.tick * 10n + pair.tick * 200n,
                      pair.priceScale,
                    ),
                    orderVolume:
                      step.byAmount && step.side === 'buy'
                        ? undefined
                        : formatDecimal(BigInt(step.steps) * pair.step, pair.volumeScale),
                    orderAmount:
                      step.byAmount && step.side === 'buy'
                        ? formatDecimal(BigInt(step.steps) * 9_999_999n, pair.quoteScale)
                        : undefined,
                    timeInForce: step.tif,
                    postOnly: step.postOnly && step.tif === 'GTC' ? 1 : 0,
                  }
                : {
                    side: step.side,
                    orderMethod: 1,
                    orderVolume: formatDecimal(BigInt(step.steps) * pair.step, pair.volumeScale),
                    orderAmount: formatDecimal(BigInt(step.budgetUnits) * 1_000n, pair.quoteScale),
                    timeInForce: 'GTC',
                    postOnly: 0,
                  };
            let plan;
            try {
              plan = planPlacement(pair, texts, request);
            } catch (error) {
              expect(error).toBeInstanceOf(RefusedError);
              continue;
            }
            const command = plan.command;
            const side: OrderSide = command.type === 'market_by_quote' ? 'buy' : command.side;
            const freeze = plan.freezeUnits ?? marketBuyReserve(pair, plan.marketBuyBudget!, book.restingOrderCount());
            const currency = side === 'buy' ? QUOTE : BASE;
            const balance = account(step.owner, currency);
            if (balance.available < freeze) continue; // error.insufficient_balance: nothing happens
            const result = book.execute({ ...command, owner: String(step.owner) } as OrderBookCommand);
            if (!result.ok) continue; // refused by the book: the freeze is rolled back with the transaction
            if (result.type !== 'placement') throw new Error('unexpected cancel result');
            balance.available -= freeze;
            balance.frozen += freeze;
            const order: Order = {
              id: nextId++,
              bookOrderId: null,
              userId: step.owner,
              side,
              price: command.type === 'limit' ? command.price : null,
              frozenCurrencyId: currency,
              frozen: freeze,
              filledVolume: 0n,
              filledAmount: 0n,
              fee: 0n,
              remainingVolume: 0n,
              status: 0,
              cancelReason: null,
              updatedAt: 0,
              finishedAt: null,
            };
            const { movements, changed } = settlePlacement(pair, order, orders, result, 0);
            apply(movements);
            for (const touched of changed) {
              if (touched.status === 0) orders.set(touched.bookOrderId!, touched);
              else orders.delete(touched.bookOrderId!);
            }
            check();
          }
          // Cancelling everything leaves nothing frozen.
          for (const order of [...orders.values()]) {
            expect(book.execute({ type: 'cancel', owner: String(order.userId), orderId: order.bookOrderId! }).ok).toBe(
              true,
            );
            orders.delete(order.bookOrderId!);
            apply(settleCancel(order, 0));
          }
          check();
          for (const currencies of balances.values())
            for (const balance of currencies.values()) expect(balance.frozen).toBe(0n);
        },
      ),
      { numRuns: 300 },
    );
  });
});
