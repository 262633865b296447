import { nextCandleOpenTime } from './candles';
import { type Candle, type Interval, INTERVALS, type Tick } from './types';

/**
 * Price history at tick resolution, bounded: what a feed remembers so that money decided "at a time"
 * (a fast trade's expiry) is priced by the last tick at or before that time, not by a later one.
 */

/** Ticks kept per product: 30 minutes at the simulator's one-second cadence. */
export const DEFAULT_TICK_HISTORY_CAPACITY = 1800;

/** Appended to a feed's source on a price rebuilt from its candle history rather than a tick it kept. */
export const HISTORY_SOURCE_SUFFIX = ':history';

/** Whether a tick was rebuilt from candle history (see candleHistoryTick) rather than kept as it came. */
export function isHistoryTick(tick: Tick): boolean {
  return tick.source.endsWith(HISTORY_SOURCE_SUFFIX);
}

/** The ticks of one product, oldest first, in a fixed-size ring: when full, recording drops the oldest. */
export class TickRing {
  private readonly slots: Array<Tick | undefined>;
  private first = 0;
  private count = 0;

  constructor(readonly capacity: number = DEFAULT_TICK_HISTORY_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1_000_000)
      throw new RangeError(`bad tick history capacity ${capacity}`);
    this.slots = new Array<Tick | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  /** Records a tick; one older than the newest kept is ignored, so the ring stays in time order. */
  record(tick: Tick): void {
    const newest = this.get(this.count - 1);
    if (newest && tick.time < newest.time) return;
    if (this.count < this.capacity) {
      this.slots[(this.first + this.count) % this.capacity] = tick;
      this.count += 1;
    } else {
      this.slots[this.first] = tick;
      this.first = (this.first + 1) % this.capacity;
    }
  }

  oldest(): Tick | undefined {
    return this.get(0);
  }

  /**
   * The last tick at or before `timeMs` (of several at the same time, the last recorded), or undefined
   * when `timeMs` is before the oldest tick kept: a tick between may have been dropped, so none is guessed.
   */
  at(timeMs: number): Tick | undefined {
    const oldest = this.get(0);
    if (!oldest || timeMs < oldest.time) return undefined;
    // Binary search for the last index whose time is at or before timeMs.
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.get(middle)!.time <= timeMs) low = middle;
      else high = middle - 1;
    }
    return this.get(low);
  }

  /** The kept ticks later than `afterTimeMs`, oldest first (at most the ring's capacity). */
  after(afterTimeMs: number): Tick[] {
    const ticks: Tick[] = [];
    // Newest first until the first one at or before the time: a replay wants the recent end.
    for (let index = this.count - 1; index >= 0; index -= 1) {
      const tick = this.get(index)!;
      if (tick.time <= afterTimeMs) break;
      ticks.push(tick);
    }
    return ticks.reverse();
  }

  private get(index: number): Tick | undefined {
    if (index < 0 || index >= this.count) return undefined;
    return this.slots[(this.first + index) % this.capacity];
  }
}

/** A TickRing per product. */
export class TickHistory {
  private readonly rings = new Map<string, TickRing>();

  constructor(readonly capacity: number = DEFAULT_TICK_HISTORY_CAPACITY) {}

  record(tick: Tick): void {
    let ring = this.rings.get(tick.productCode);
    if (!ring) {
      ring = new TickRing(this.capacity);
      this.rings.set(tick.productCode, ring);
    }
    ring.record(tick);
  }

  at(productCode: string, timeMs: number): Tick | undefined {
    return this.rings.get(productCode)?.at(timeMs);
  }

  after(productCode: string, afterTimeMs: number): Tick[] {
    return this.rings.get(productCode)?.after(afterTimeMs) ?? [];
  }
}

/**
 * A price at or before `timeMs` rebuilt from candle history, for a time before the ticks a feed kept
 * (after a restart, the previous process's ticks are gone): the close of the newest candle that ends
 * at or before `timeMs`, from the finest interval that has one. Its time is that candle's end, so it
 * is never later than `timeMs`; its source is the feed's source plus HISTORY_SOURCE_SUFFIX and its seq
 * is 0, so it can never pass for a live tick. Undefined when no kept candle ends at or before `timeMs`.
 */
export function candleHistoryTick(
  productCode: string,
  candlesOf: (interval: Interval) => readonly Candle[],
  timeMs: number,
  source: string,
): Tick | undefined {
  for (const interval of INTERVALS) {
    const candles = candlesOf(interval);
    // Newest first: the first candle found that ends at or before timeMs is the one wanted.
    for (let index = candles.length - 1; index >= 0; index -= 1) {
      const candle = candles[index]!;
      if (candle.openTime > timeMs) continue;
      const end = nextCandleOpenTime(interval, candle.openTime);
      if (end > timeMs) continue;
      return {
        productCode,
        price: candle.close,
        quantity: 0n,
        time: end,
        source: source + HISTORY_SOURCE_SUFFIX,
        seq: 0,
      };
    }
  }
  return undefined;
}
