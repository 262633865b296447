import type { Product, TickerInfo } from '@kestrel/contract/web';
import { useEffect, useState } from 'react';
import { tickerTopic } from '../../shared/realtime/topics';
import { useTopic } from '../../shared/realtime/use-topic';
import { useSelectedProductStore } from '../../shared/store/selected-product';

/**
 * The product's full ticker, live from `ticker:<code>`, else as the product row carries it. The
 * selected-product callback (SPEC §4) drops the previous product's ticker the moment the selection
 * changes, so a switch never shows one product's price under another's name.
 */
export function useLiveTicker(product: Product | null): TickerInfo | null {
  const [live, setLive] = useState<TickerInfo | null>(null);
  const registerCallback = useSelectedProductStore((state) => state.registerCallback);
  useEffect(() => registerCallback(() => setLive(null)), [registerCallback]);
  useTopic(product ? tickerTopic(product.productCode) : null, setLive);
  if (!product) return null;
  if (live?.ticker === product.productCode && live.updated >= (product.tickerInfo?.updated ?? 0)) return live;
  return product.tickerInfo;
}
