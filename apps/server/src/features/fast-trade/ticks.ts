import type { MarketFeed, Tick } from '@kestrel/market';

/**
 * The last tick at or before `timeMs`. A feed without tick history (tickAt is optional on MarketFeed)
 * can only answer with its latest tick, and only when that tick is not later than `timeMs`.
 */
export function tickAtOrBefore(feed: MarketFeed, productCode: string, timeMs: number): Tick | undefined {
  if (feed.tickAt) return feed.tickAt(productCode, timeMs);
  const last = feed.lastTick(productCode);
  return last && last.time <= timeMs ? last : undefined;
}
