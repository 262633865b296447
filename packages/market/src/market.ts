import { INSTRUMENTS } from './catalogue';
import { DEFAULT_CANDLE_CAPACITY } from './candleSeries';
import type { MarketFeed, TickListener } from './feed';
import { ProductBook } from './productBook';
import { SessionDays } from './sessionDays';
import { sessionDayStart } from './sessions';
import { MarketSimulator, SIMULATOR_SOURCE } from './simulator';
import { candleHistoryTick, DEFAULT_TICK_HISTORY_CAPACITY, TickHistory } from './tickHistory';
import { type Candle, type InstrumentSpec, type Interval, INTERVALS, type Tick, type TickerInfo } from './types';

export interface SimulatedMarketOptions {
  seed: string | number;
  instruments?: readonly InstrumentSpec[];
  clock: () => number;
  tickIntervalMs?: number;
  /** Candles of history backfilled per product and interval at creation. */
  historyCandles?: number;
  /** Candles kept per product and interval (history plus live); at least historyCandles. */
  candleCapacity?: number;
  /** Ticks kept per product for tickAt (default DEFAULT_TICK_HISTORY_CAPACITY); older times use candle history. */
  tickHistoryCapacity?: number;
  /** Where a throwing tick listener's error goes; the feed carries on either way. */
  onListenerError?: (error: unknown) => void;
  /**
   * Where the price path starts (default: the clock at creation). Several processes given the same
   * seed and start replay the same path, tick for tick, so a cluster shares one market without
   * sending ticks between processes; a process that starts later steps from here to now at creation.
   */
  startTimeMs?: number;
  /**
   * Steps one catch-up may take before older steps are folded into one move (default 3,600). A shared
   * start needs every step (Infinity), or a late process would walk a different path.
   */
  catchUpStepsMax?: number;
}

export interface SimulatedMarket extends MarketFeed {
  /** Steps deterministically up to `timeMs` without timers (tests, and the timer's own work). */
  advanceTo(timeMs: number): void;
  /**
   * Always present on the simulator. Its price path starts afresh at every process start (from the
   * catalogue's start price at that instant), so the ticks of an earlier process cannot be regenerated:
   * a time before this process's kept ticks is priced from the candle history the charts show,
   * labelled 'simulator:history' (see candleHistoryTick).
   */
  tickAt(productCode: string, timeMs: number): Tick | undefined;
}

/**
 * After a long pause (a suspended laptop, a stalled event loop) only the last hour of steps is replayed;
 * the first of them moves each price by the whole trading time since its previous tick, so prices
 * still move as much as the market would have.
 */
const MAXIMUM_CATCH_UP_STEPS = 3600;

/** Sessions whose trading day is a UTC day's trading, so the 1d candles double as the ticker's days. */
function daysMatchUtcDays(instrument: InstrumentSpec): boolean {
  return instrument.session === 'crypto' || instrument.session === 'us-equity';
}

/**
 * The embedded market: a seeded simulator, backfilled history so charts are never empty, live
 * candles, and tickerInfo. Creation backfills every product and interval synchronously.
 */
export function createSimulatedMarket(options: SimulatedMarketOptions): SimulatedMarket {
  const instruments = options.instruments ?? INSTRUMENTS;
  const tickIntervalMs = options.tickIntervalMs ?? 1000;
  const historyCandles = options.historyCandles ?? 500;
  const capacity = Math.max(options.candleCapacity ?? DEFAULT_CANDLE_CAPACITY, historyCandles);
  const reportListenerError =
    options.onListenerError ?? ((error: unknown) => console.error('market tick listener failed', error));
  if (!Number.isInteger(historyCandles) || historyCandles < 2)
    throw new RangeError('historyCandles must be an integer of at least 2');
  const catchUpStepsMax = options.catchUpStepsMax ?? MAXIMUM_CATCH_UP_STEPS;
  if (!(catchUpStepsMax >= 1)) throw new RangeError('catchUpStepsMax must be at least 1');
  // Steps fall on a fixed grid so the same seed and clock readings give the same ticks.
  let lastStepTime = Math.floor((options.startTimeMs ?? options.clock()) / tickIntervalMs) * tickIntervalMs;
  const simulator = new MarketSimulator({ seed: options.seed, instruments, startTimeMs: lastStepTime, tickIntervalMs });
  const books = new Map<string, ProductBook>();
  for (const instrument of instruments)
    books.set(instrument.productCode, createBook(simulator, instrument, lastStepTime, historyCandles, capacity));
  const tickHistory = new TickHistory(options.tickHistoryCapacity ?? DEFAULT_TICK_HISTORY_CAPACITY);
  for (const book of books.values()) tickHistory.record(book.lastTick);
  const listeners = new Set<TickListener>();
  let timer: ReturnType<typeof setInterval> | undefined;

  function publish(tick: Tick): void {
    const book = books.get(tick.productCode);
    if (!book) return;
    const candles = book.applyTick(tick);
    tickHistory.record(tick);
    for (const listener of [...listeners]) {
      try {
        listener(tick, candles);
      } catch (error) {
        reportListenerError(error);
      }
    }
  }

  function advanceTo(timeMs: number): void {
    const dueSteps = Math.floor((timeMs - lastStepTime) / tickIntervalMs);
    if (dueSteps <= 0) return;
    const skipped = Math.max(0, dueSteps - catchUpStepsMax);
    for (let step = skipped + 1; step <= dueSteps; step += 1) {
      const stepTime = lastStepTime + step * tickIntervalMs;
      for (const tick of simulator.step(stepTime)) publish(tick);
    }
    lastStepTime += dueSteps * tickIntervalMs;
  }

  // A shared start in the past: walk the path from there to now before anyone listens.
  if (options.startTimeMs !== undefined) advanceTo(options.clock());

  return {
    source: SIMULATOR_SOURCE,
    simulated: true,
    instruments,
    start() {
      if (timer) return;
      timer = setInterval(() => advanceTo(options.clock()), tickIntervalMs);
      // The server's listening socket keeps the process alive; the feed alone should not.
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    advanceTo,
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    lastTick: (productCode) => books.get(productCode)?.lastTick,
    tickAt(productCode: string, timeMs: number): Tick | undefined {
      const book = books.get(productCode);
      if (!book) return undefined;
      return (
        tickHistory.at(productCode, timeMs) ??
        candleHistoryTick(productCode, (interval) => book.candles(interval), timeMs, SIMULATOR_SOURCE)
      );
    },
    ticksAfter: (productCode: string, afterTimeMs: number): Tick[] => tickHistory.after(productCode, afterTimeMs),
    candles(productCode: string, interval: Interval, limit?: number): Candle[] {
      if (!INTERVALS.includes(interval)) return [];
      return books.get(productCode)?.candles(interval, limit) ?? [];
    },
    tickerInfo: (productCode): TickerInfo | undefined => books.get(productCode)?.tickerInfo(),
    changeRateBasisPoints: (productCode) => books.get(productCode)?.changeRateBasisPoints(),
  };
}

function createBook(
  simulator: MarketSimulator,
  instrument: InstrumentSpec,
  endTimeMs: number,
  historyCandles: number,
  capacity: number,
): ProductBook {
  const code = instrument.productCode;
  const price = simulator.currentPrice(code) ?? 0n;
  const referenceTick: Tick = {
    productCode: code,
    price,
    quantity: 0n,
    time: endTimeMs,
    source: simulator.source,
    seq: 0,
  };
  const history = new Map<Interval, Candle[]>(
    INTERVALS.map((interval) => [interval, simulator.backfill(code, interval, historyCandles, endTimeMs)]),
  );
  const [previousDay, currentDay] = daysMatchUtcDays(instrument)
    ? relabelAsSessionDays(instrument, (history.get('1d') ?? []).slice(-2), endTimeMs)
    : simulator.backfillSessionDays(code, 2, endTimeMs);
  const book = new ProductBook(
    instrument,
    referenceTick,
    capacity,
    new SessionDays(instrument.session, previousDay, currentDay),
    true,
  );
  for (const [interval, candles] of history) book.seed(interval, candles);
  return book;
}

/** The last two daily candles re-keyed by the trading day's start, so the ticker's day equals the chart's. */
function relabelAsSessionDays(
  instrument: InstrumentSpec,
  lastTwoDays: readonly Candle[],
  endTimeMs: number,
): Array<Candle | undefined> {
  const [previous, current] = lastTwoDays;
  if (!previous || !current) return [undefined, lastTwoDays[0]];
  const currentStart = sessionDayStart(instrument.session, endTimeMs - 1);
  const previousStart = sessionDayStart(instrument.session, currentStart - 1);
  return [
    { ...previous, openTime: previousStart },
    { ...current, openTime: currentStart },
  ];
}
