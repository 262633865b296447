import type { Product } from '@kestrel/contract/web';
import { useEffect, useMemo, useRef, useState } from 'react';
import { tickersTopic, type TickerUpdate } from './topics';
import { useTopic } from './use-topic';

/**
 * Puts the latest `tickers` updates into product rows: price, change and change rate move, the day,
 * minute and previous-day blocks stay as the list loaded them. Older updates never overwrite newer data.
 */
export function mergeTickerUpdates(
  products: readonly Product[],
  updates: ReadonlyMap<string, TickerUpdate>,
): Product[] {
  return products.map((product) => {
    const update = updates.get(product.productCode);
    const ticker = product.tickerInfo;
    if (!update || !ticker || update.updated < ticker.updated) return product;
    return {
      ...product,
      tickerInfo: {
        ...ticker,
        nowPrice: update.nowPrice,
        changeRate: update.changeRate,
        changePrice: update.changePrice,
        updated: update.updated,
      },
    };
  });
}

/**
 * Product rows that follow the market: subscribes to `tickers` while mounted and re-renders at most
 * once per animation frame however many batches arrive.
 */
export function useLiveTickers(products: readonly Product[] | undefined): Product[] {
  const [updates, setUpdates] = useState<ReadonlyMap<string, TickerUpdate>>(() => new Map());
  const pending = useRef(new Map<string, TickerUpdate>());
  const frame = useRef<number | null>(null);
  const codes = useMemo(() => new Set(products?.map((product) => product.productCode)), [products]);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  useTopic(codes.size > 0 ? tickersTopic : null, (batch) => {
    for (const update of batch) if (codes.has(update.ticker)) pending.current.set(update.ticker, update);
    if (frame.current !== null || pending.current.size === 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const arrived = pending.current;
      pending.current = new Map();
      setUpdates((previous) => new Map([...previous, ...arrived]));
    });
  });

  return useMemo(() => mergeTickerUpdates(products ?? [], updates), [products, updates]);
}
