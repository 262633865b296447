import { isHistoryTick, type MarketFeed, type Tick } from '@kestrel/market';

/**
 * The id a journal entry records for a tick: `<productCode>#<seq>` for a tick the feed published;
 * `<productCode>#history@<time>` for a price rebuilt from candle history (it has no seq of its own).
 */
export function tickIdOf(tick: Tick): string {
  return isHistoryTick(tick) ? `${tick.productCode}#history@${tick.time}` : `${tick.productCode}#${tick.seq}`;
}

/**
 * The last tick at or before `timeMs`. A feed without tick history (tickAt is optional on MarketFeed)
 * can only answer with its latest tick, and only when that tick is not later than `timeMs`.
 */
export function tickAtOrBefore(feed: MarketFeed, productCode: string, timeMs: number): Tick | undefined {
  if (feed.tickAt) return feed.tickAt(productCode, timeMs);
  const last = feed.lastTick(productCode);
  return last && last.time <= timeMs ? last : undefined;
}
