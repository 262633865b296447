import type { Product } from '@kestrel/contract/web';
import { useEffect, useMemo, useRef, useState } from 'react';
import { tickersTopic, type TickerUpdate } from './topics';
import { useTopic } from './use-topic';

/**
 * How often a list of quotes follows the market. A trader reads a list about once a second; redrawing
 * every row on every batch (the simulator may step several times a second) kept a phone's main thread
 * busy. A single product's own price (the trade screen's header) keeps its live topic and stays fast.
 */
export const LIST_REFRESH_MS = 1_000;

/** A product row merged with one update, kept so an unchanged row keeps its identity between refreshes. */
type MergedRows = WeakMap<Product, { update: TickerUpdate; merged: Product }>;

/**
 * Puts the latest `tickers` updates into product rows: price, change and change rate move, the day,
 * minute and previous-day blocks stay as the list loaded them. Older updates never overwrite newer data.
 * With `previous` (the rows merged last time), a row whose product and update are unchanged is returned
 * as the same object, so memoized rows skip their render.
 */
export function mergeTickerUpdates(
  products: readonly Product[],
  updates: ReadonlyMap<string, TickerUpdate>,
  previous?: MergedRows,
): Product[] {
  return products.map((product) => {
    const update = updates.get(product.productCode);
    const ticker = product.tickerInfo;
    if (!update || !ticker || update.updated < ticker.updated) return product;
    const known = previous?.get(product);
    if (known?.update === update) return known.merged;
    const merged = {
      ...product,
      tickerInfo: {
        ...ticker,
        nowPrice: update.nowPrice,
        changeRate: update.changeRate,
        changePrice: update.changePrice,
        updated: update.updated,
      },
    };
    previous?.set(product, { update, merged });
    return merged;
  });
}

/**
 * Product rows that follow the market: subscribes to `tickers` while mounted and re-renders at most
 * once per LIST_REFRESH_MS however many batches arrive (the first batch shows at once).
 */
export function useLiveTickers(products: readonly Product[] | undefined): Product[] {
  const [updates, setUpdates] = useState<ReadonlyMap<string, TickerUpdate>>(() => new Map());
  const [mergedRows] = useState<MergedRows>(() => new WeakMap());
  const pending = useRef(new Map<string, TickerUpdate>());
  const timer = useRef<number | null>(null);
  const lastRefresh = useRef(Number.NEGATIVE_INFINITY);
  const codes = useMemo(() => new Set(products?.map((product) => product.productCode)), [products]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  useTopic(codes.size > 0 ? tickersTopic : null, (batch) => {
    for (const update of batch) if (codes.has(update.ticker)) pending.current.set(update.ticker, update);
    if (timer.current !== null || pending.current.size === 0) return;
    const wait = Math.max(0, lastRefresh.current + LIST_REFRESH_MS - performance.now());
    timer.current = window.setTimeout(() => {
      timer.current = null;
      lastRefresh.current = performance.now();
      const arrived = pending.current;
      pending.current = new Map();
      setUpdates((previous) => new Map([...previous, ...arrived]));
    }, wait);
  });

  return useMemo(() => mergeTickerUpdates(products ?? [], updates, mergedRows), [products, updates, mergedRows]);
}
