import { backfillCandles, type BucketScheme, intervalScheme, sessionDayScheme } from './backfill';
import {
  drawTradeQuantity,
  type PriceModel,
  preparePriceModel,
  stickyUnitsFromLog,
  unitsFromLog,
  walkLogPrice,
} from './priceModel';
import { createRandom, type Random } from './random';
import { isSessionOpen, sessionTimeBetween } from './sessions';
import type { Candle, InstrumentSpec, Interval, Tick } from './types';

/**
 * The seeded price simulator: deterministic for a seed and a sequence of step times. It never reads a
 * clock or Math.random; time is passed in. Each product has its own random stream (seed + product
 * code), so adding or removing a product does not change the others' prices.
 */

export const SIMULATOR_SOURCE = 'simulator';

export interface SimulatorOptions {
  seed: string | number;
  instruments: readonly InstrumentSpec[];
  /** The instant the start prices refer to; the first step must be later. */
  startTimeMs: number;
  /** Cadence of steps, used to size backfilled tick counts and volumes. */
  tickIntervalMs: number;
}

interface ProductState {
  model: PriceModel;
  random: Random;
  logPrice: number;
  price: bigint;
  seq: number;
  lastTime: number;
}

export class MarketSimulator {
  readonly source = SIMULATOR_SOURCE;
  private readonly products = new Map<string, ProductState>();

  constructor(private readonly options: SimulatorOptions) {
    if (!Number.isInteger(options.tickIntervalMs) || options.tickIntervalMs < 10)
      throw new RangeError('tickIntervalMs must be an integer of at least 10');
    for (const instrument of options.instruments) {
      if (this.products.has(instrument.productCode))
        throw new RangeError(`duplicate product ${instrument.productCode}`);
      const model = preparePriceModel(instrument);
      const logPrice = Math.log(Number(model.startUnits));
      this.products.set(instrument.productCode, {
        model,
        random: createRandom(options.seed, instrument.productCode, 'live'),
        logPrice,
        price: unitsFromLog(model, logPrice),
        seq: 0,
        lastTime: options.startTimeMs,
      });
    }
  }

  /** The current simulated price in units at priceScale, or undefined for an unknown product. */
  currentPrice(productCode: string): bigint | undefined {
    return this.products.get(productCode)?.price;
  }

  /** The seq of the last emitted tick (0 before the first). */
  currentSeq(productCode: string): number | undefined {
    return this.products.get(productCode)?.seq;
  }

  /**
   * One cadence step at `timeMs`: a tick for every product whose session is open, in catalogue order.
   * The move covers the trading time since the product's previous tick, so a session reopening (or a
   * skipped stretch of steps) moves the price by as much as the market would have moved meanwhile.
   */
  step(timeMs: number): Tick[] {
    const ticks: Tick[] = [];
    for (const [productCode, state] of this.products) {
      const session = state.model.instrument.session;
      if (timeMs <= state.lastTime || !isSessionOpen(session, timeMs)) continue;
      const seconds = sessionTimeBetween(session, state.lastTime, timeMs) / 1000;
      state.logPrice = walkLogPrice(state.model, state.logPrice, seconds, state.random.normal());
      state.price = stickyUnitsFromLog(state.model, state.logPrice, state.price);
      state.seq += 1;
      state.lastTime = timeMs;
      ticks.push({
        productCode,
        price: state.price,
        quantity: drawTradeQuantity(state.model, state.random),
        time: timeMs,
        source: this.source,
        seq: state.seq,
      });
    }
    return ticks;
  }

  /**
   * `count` candles of `interval` history ending at the current price: the last candle is the bucket
   * containing `endTimeMs` (partial while it is still open, and continued by live ticks) or, when the
   * market is closed then, the last bucket that had trading. Deterministic for seed, product, interval,
   * end time and current price.
   */
  backfill(productCode: string, interval: Interval, count: number, endTimeMs: number): Candle[] {
    return this.walkBack(productCode, intervalScheme(interval), `interval ${interval}`, count, endTimeMs);
  }

  /** Like backfill, but each candle is one whole trading day of the product's session (for tickerInfo). */
  backfillSessionDays(productCode: string, count: number, endTimeMs: number): Candle[] {
    const state = this.requireProduct(productCode);
    return this.walkBack(
      productCode,
      sessionDayScheme(state.model.instrument.session),
      'session days',
      count,
      endTimeMs,
    );
  }

  private walkBack(
    productCode: string,
    scheme: BucketScheme,
    purpose: string,
    count: number,
    endTimeMs: number,
  ): Candle[] {
    const state = this.requireProduct(productCode);
    if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new RangeError(`bad backfill count ${count}`);
    return backfillCandles({
      model: state.model,
      scheme,
      count,
      endTimeMs,
      endUnits: state.price,
      endLog: state.logPrice,
      random: createRandom(this.options.seed, productCode, 'backfill', purpose),
      tickIntervalMs: this.options.tickIntervalMs,
    });
  }

  private requireProduct(productCode: string): ProductState {
    const state = this.products.get(productCode);
    if (!state) throw new RangeError(`unknown product ${productCode}`);
    return state;
  }
}
