import type { bibi } from '@kestrel/contract/web';
import { useState } from 'react';
import { useTopic } from '../../../shared/realtime/use-topic';
import { useBibiTicker } from '../api/bibi-ticker';
import { pairTickerTopic } from './topics';

/** The pair's exchange ticker (24 h figures, best bid and ask), live from `bibiTicker:<code>`. */
export function useLivePairTicker(productCode: string): bibi.BibiTicker | null {
  const query = useBibiTicker(productCode);
  const [live, setLive] = useState<bibi.BibiTicker | null>(null);
  useTopic(pairTickerTopic(productCode), (ticker) => {
    if (ticker.productCode === productCode) setLive(ticker);
  });
  const rest = query.data ?? null;
  if (live && (!rest || live.time >= rest.time)) return live;
  return rest;
}
