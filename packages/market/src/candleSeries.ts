import { applyTick } from './candles';
import type { Candle, Interval, Tick } from './types';

export const DEFAULT_CANDLE_CAPACITY = 1000;

/**
 * The most recent candles of one product at one interval, in a fixed-size ring so memory stays bounded
 * however long the feed runs: when full, appending drops the oldest candle.
 */
export class CandleSeries {
  private readonly slots: Array<Candle | undefined>;
  private first = 0;
  private count = 0;

  constructor(
    readonly interval: Interval,
    readonly capacity: number = DEFAULT_CANDLE_CAPACITY,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1_000_000)
      throw new RangeError(`bad candle capacity ${capacity}`);
    this.slots = new Array<Candle | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  latest(): Candle | undefined {
    return this.count === 0 ? undefined : this.slots[(this.first + this.count - 1) % this.capacity];
  }

  /** Adds a candle after the latest one (history seeding). Throws when it is not strictly later. */
  append(candle: Candle): void {
    const latest = this.latest();
    if (latest && candle.openTime <= latest.openTime) {
      throw new RangeError(`candle at ${candle.openTime} is not after the latest at ${latest.openTime}`);
    }
    this.push(candle);
  }

  /** Folds a tick into the latest candle or starts the next one; returns the candle it changed. */
  applyTick(tick: Tick): Candle {
    const latest = this.latest();
    const updated = applyTick(latest, tick, this.interval);
    if (latest && updated.openTime === latest.openTime)
      this.slots[(this.first + this.count - 1) % this.capacity] = updated;
    else this.push(updated);
    return updated;
  }

  /** The newest `limit` candles (all when omitted), oldest first. */
  last(limit: number = this.capacity): Candle[] {
    const wanted = Math.max(0, Math.min(Math.floor(limit), this.count));
    const result: Candle[] = [];
    for (let index = this.count - wanted; index < this.count; index += 1) {
      const candle = this.slots[(this.first + index) % this.capacity];
      if (candle) result.push(candle);
    }
    return result;
  }

  private push(candle: Candle): void {
    if (this.count < this.capacity) {
      this.slots[(this.first + this.count) % this.capacity] = candle;
      this.count += 1;
    } else {
      this.slots[this.first] = candle;
      this.first = (this.first + 1) % this.capacity;
    }
  }
}
