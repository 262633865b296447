import { INTERVALS } from '@kestrel/contract';
import type { MarketFeed, Tick } from '@kestrel/market';
import { candleToWire } from './candle-wire-cache';
import type { RealtimeHub } from '../../realtime/hub';

/**
 * Pushes market data to the hub: per-product ticker and candle topics on every tick (only topics that
 * have subscribers are built), and one `tickers` batch per simulator step for list screens.
 */
export function publishMarket(market: MarketFeed, hub: RealtimeHub): () => void {
  const instruments = new Map(market.instruments.map((instrument) => [instrument.productCode, instrument]));
  const changed = new Set<string>();
  let batchScheduled = false;

  const flushBatch = () => {
    batchScheduled = false;
    if (hub.hasLocalSubscribers('tickers')) {
      const tickers = [...changed].map((code) => market.tickerInfo(code)).filter((ticker) => ticker !== undefined);
      hub.publishLocal(
        'tickers',
        tickers.map((ticker) => ({
          ticker: ticker.ticker,
          nowPrice: ticker.nowPrice,
          changeRate: ticker.changeRate,
          changePrice: ticker.changePrice,
          updated: ticker.updated,
        })),
      );
    }
    changed.clear();
    hub.flushHeld();
  };

  return market.onTick((tick: Tick) => {
    const instrument = instruments.get(tick.productCode);
    if (!instrument) return;
    changed.add(tick.productCode);
    if (!batchScheduled) {
      batchScheduled = true;
      setImmediate(flushBatch);
    }
    const tickerTopic = `ticker:${tick.productCode}`;
    if (hub.hasLocalSubscribers(tickerTopic)) hub.publishLocal(tickerTopic, market.tickerInfo(tick.productCode));
    for (const interval of INTERVALS) {
      const topic = `candle:${tick.productCode}:${interval}`;
      if (!hub.hasLocalSubscribers(topic)) continue;
      const [candle] = market.candles(tick.productCode, interval, 1);
      if (candle) hub.publishLocal(topic, candleToWire(candle, instrument));
    }
  });
}

export function marketTopicValidator(market: MarketFeed): (topic: string) => boolean {
  const codes = new Set(market.instruments.map((instrument) => instrument.productCode));
  const intervals = new Set<string>(INTERVALS);
  return (topic) => {
    if (topic === 'tickers') return true;
    if (topic.startsWith('ticker:')) return codes.has(topic.slice('ticker:'.length));
    if (topic.startsWith('candle:')) {
      const rest = topic.slice('candle:'.length);
      const separator = rest.lastIndexOf(':');
      return separator > 0 && codes.has(rest.slice(0, separator)) && intervals.has(rest.slice(separator + 1));
    }
    return false;
  };
}
