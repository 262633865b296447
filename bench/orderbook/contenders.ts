/**
 * The two books under test behind one small interface, fed the same stream. Each contender turns the
 * stream's ticks and steps into its own units: Kestrel gets bigint prices and sizes at the pair's
 * scales, nodejs-order-book gets Numbers of ticks and steps (its API). Both run self-trade prevention
 * as "expire the resting maker", which is Kestrel's only mode, so both must end with the same book.
 */
import { OrderBook as PeerOrderBook, SelfTradePreventionMode, Side } from 'nodejs-order-book';
import { OrderBook, type PairConfig } from '../../packages/domain/src/orderbook/index';
import { STREAM_SETTINGS, type OrderStream } from './stream';

/** BTC/USDT-like: prices at 2 decimals with a 0.50 tick, sizes at 6 decimals with a 0.0001 step. */
export const BENCH_PAIR: PairConfig = {
  pair: 'BTC/USDT',
  priceScale: 2,
  sizeScale: 6,
  quoteScale: 8,
  priceTick: 50n,
  sizeStep: 100n,
  minimumSize: 100n,
  makerFeeRate: 1_000n,
  takerFeeRate: 2_000n,
};

/** Aggregated resting size per price, in ticks and steps, best price first. */
export interface BookSummary {
  readonly bids: readonly (readonly [number, number])[];
  readonly asks: readonly (readonly [number, number])[];
}

export interface Contender {
  readonly name: string;
  place(index: number): void;
  /** Cancels stream order `index`; it may have finished already, which both books answer harmlessly. */
  cancel(index: number): void;
  summary(): BookSummary;
  restingCount(): number;
}

function ownerNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `user-${index}`);
}

export class KestrelContender implements Contender {
  readonly name = 'kestrel';
  private readonly book = new OrderBook(BENCH_PAIR);
  private readonly orderIds: Int32Array;
  private readonly owners: string[];
  /** bigint per tick and per step, made once: the stream reuses a few thousand distinct values. */
  private readonly priceByTick = new Map<number, bigint>();
  private readonly sizeBySteps: bigint[] = [];
  fillCount = 0;

  constructor(private readonly stream: OrderStream) {
    this.orderIds = new Int32Array(stream.orderCount);
    this.owners = ownerNames(STREAM_SETTINGS.ownerCount);
    for (let steps = 0; steps <= 64; steps++) this.sizeBySteps.push(BigInt(steps) * BENCH_PAIR.sizeStep);
  }

  private price(ticks: number): bigint {
    let price = this.priceByTick.get(ticks);
    if (price === undefined) {
      price = BigInt(ticks) * BENCH_PAIR.priceTick;
      this.priceByTick.set(ticks, price);
    }
    return price;
  }

  place(index: number): void {
    const stream = this.stream;
    const result = this.book.placeLimit({
      type: 'limit',
      owner: this.owners[stream.owners[index] ?? 0] ?? '',
      side: stream.sides[index] === 0 ? 'buy' : 'sell',
      price: this.price(stream.priceTicks[index] ?? 0),
      size: this.sizeBySteps[stream.sizeSteps[index] ?? 0] ?? 0n,
      timeInForce: 'GTC',
      postOnly: false,
    });
    if (!result.ok) throw new Error(`kestrel refused stream order ${index}: ${result.code}`);
    this.orderIds[index] = result.orderId;
    this.fillCount += result.fills.length;
  }

  cancel(index: number): void {
    this.book.cancel({
      type: 'cancel',
      owner: this.owners[this.stream.owners[index] ?? 0] ?? '',
      orderId: this.orderIds[index] ?? 0,
    });
  }

  summary(): BookSummary {
    const depth = this.book.depth(Number.MAX_SAFE_INTEGER);
    const convert = (level: { price: bigint; size: bigint }): readonly [number, number] => [
      Number(level.price / BENCH_PAIR.priceTick),
      Number(level.size / BENCH_PAIR.sizeStep),
    ];
    return { bids: depth.bids.map(convert), asks: depth.asks.map(convert) };
  }

  restingCount(): number {
    return this.book.restingOrderCount();
  }

  stateHash(): string {
    return this.book.stateHash();
  }
}

export class PeerContender implements Contender {
  readonly name = 'nodejs-order-book';
  private readonly book = new PeerOrderBook();
  private readonly ids: string[];
  private readonly owners: string[];

  constructor(private readonly stream: OrderStream) {
    // Made before the clock starts: string building is not what is being measured.
    this.ids = Array.from({ length: stream.orderCount }, (_, index) => `o${index}`);
    this.owners = ownerNames(STREAM_SETTINGS.ownerCount);
  }

  place(index: number): void {
    const stream = this.stream;
    const result = this.book.limit({
      id: this.ids[index] ?? '',
      side: stream.sides[index] === 0 ? Side.BUY : Side.SELL,
      price: stream.priceTicks[index] ?? 0,
      size: stream.sizeSteps[index] ?? 0,
      accountId: this.owners[stream.owners[index] ?? 0] ?? '',
      stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
    });
    if (result.err !== null) throw new Error(`nodejs-order-book refused stream order ${index}: ${result.err.message}`);
  }

  cancel(index: number): void {
    this.book.cancel(this.ids[index] ?? '');
  }

  summary(): BookSummary {
    const [asks, bids] = this.book.depth();
    return {
      bids: bids.map(([price, size]) => [price, size] as const),
      asks: asks.map(([price, size]) => [price, size] as const),
    };
  }

  restingCount(): number {
    const snapshot = this.book.snapshot();
    const count = (levels: readonly { orders: readonly unknown[] }[]): number =>
      levels.reduce((total, level) => total + level.orders.length, 0);
    return count(snapshot.bids) + count(snapshot.asks);
  }
}
