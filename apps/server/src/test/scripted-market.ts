import { TickHistory, type MarketFeed, type SimulatedMarket, type Tick, type TickListener } from '@kestrel/market';

/** The source recorded on ticks a test pushed, so nothing a test decided can pass for market data. */
export const SCRIPTED_SOURCE = 'test-script';

/**
 * The seeded simulator plus `push`: a test can publish the next tick of a product at a chosen price,
 * to fire a take-profit or settle a trade at a known level. Test code only: the server never sees
 * this type, and no route can reach it (honest by construction: no operator can set a price).
 */
export interface ScriptedMarket extends SimulatedMarket {
  /** Publishes a tick at `price` (units at the product's price scale) to every listener and returns it. */
  push(productCode: string, price: bigint, quantity?: bigint): Tick;
}

export function scriptedMarket(inner: SimulatedMarket, clock: () => number): ScriptedMarket {
  const listeners = new Set<TickListener>();
  const latest = new Map<string, Tick>();
  // Pushed ticks are history too: tickAt answers the later of the simulator's and the pushed tick.
  const pushedHistory = new TickHistory();
  const newer = (tick: Tick | undefined, other: Tick | undefined) =>
    !tick ? other : !other ? tick : other.seq > tick.seq ? other : tick;

  inner.onTick((tick, candles) => {
    // A simulator tick older than a pushed one is dropped, so seq stays strictly increasing per product.
    const pushed = latest.get(tick.productCode);
    if (pushed && pushed.seq >= tick.seq) return;
    latest.delete(tick.productCode);
    for (const listener of [...listeners]) listener(tick, candles);
  });

  const feed: MarketFeed = inner;
  return {
    ...feed,
    source: inner.source,
    simulated: inner.simulated,
    instruments: inner.instruments,
    start: () => inner.start(),
    stop: () => inner.stop(),
    advanceTo: (timeMs) => inner.advanceTo(timeMs),
    candles: (code, interval, limit) => inner.candles(code, interval, limit),
    tickerInfo: (code) => inner.tickerInfo(code),
    changeRateBasisPoints: (code) => inner.changeRateBasisPoints(code),
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    lastTick: (productCode) => newer(inner.lastTick(productCode), latest.get(productCode)),
    tickAt(productCode, timeMs) {
      const simulated = inner.tickAt(productCode, timeMs);
      const pushed = pushedHistory.at(productCode, timeMs);
      if (!simulated || !pushed) return simulated ?? pushed;
      return pushed.time > simulated.time || (pushed.time === simulated.time && pushed.seq > simulated.seq)
        ? pushed
        : simulated;
    },
    ticksAfter(productCode, afterTimeMs) {
      const merged = [
        ...(inner.ticksAfter?.(productCode, afterTimeMs) ?? []),
        ...pushedHistory.after(productCode, afterTimeMs),
      ];
      return merged.sort((left, right) => left.time - right.time || left.seq - right.seq);
    },
    push(productCode, price, quantity = 1n) {
      const previous = newer(inner.lastTick(productCode), latest.get(productCode));
      if (!previous) throw new Error(`unknown product ${productCode}`);
      if (price < 1n) throw new RangeError('a price is at least one unit');
      const tick: Tick = {
        productCode,
        price,
        quantity,
        time: Math.max(clock(), previous.time),
        source: SCRIPTED_SOURCE,
        seq: previous.seq + 1,
      };
      latest.set(productCode, tick);
      pushedHistory.record(tick);
      for (const listener of [...listeners]) listener(tick, new Map());
      return tick;
    },
  };
}
