import type { TickerInfo } from '@kestrel/contract/web';
import { useState } from 'react';
import { tickerTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { useReferenceProduct } from '../api/reference-product';

/**
 * The price feed's ticker of the pair's product (the simulator's while it is simulated): loaded once, then
 * live from `ticker:<code>`. This is the reference the market maker quotes around, not trades here.
 */
export function useReferenceTicker(productCode: string): TickerInfo | null {
  const loaded = useReferenceProduct(productCode).data?.tickerInfo ?? null;
  const [live, setLive] = useState<TickerInfo | null>(null);
  useTopic(tickerTopic(productCode), setLive);
  if (live?.ticker === productCode && live.updated >= (loaded?.updated ?? 0)) return live;
  return loaded;
}
