import type { bibi } from '@kestrel/contract/web';
import { useMemo, useState } from 'react';
import { useTopic } from '../../../shared/realtime/use-topic';
import { useBibiTrades } from '../api/bibi-trades';
import { mergeTrades } from '../lib/recent-trades';
import { tradesTopic } from './topics';

/** The pair's recent trades: the REST list, then every `trades:<code>` message, newest first. */
export function useLiveTrades(productCode: string) {
  const query = useBibiTrades(productCode);
  const [arrived, setArrived] = useState<bibi.BibiTrade[]>([]);
  useTopic(tradesTopic(productCode), (message) => {
    if (message.productCode !== productCode) return;
    setArrived((previous) => mergeTrades(previous, message.trades));
  });
  const trades = useMemo(() => mergeTrades(query.data ?? [], arrived), [query.data, arrived]);
  return { trades, loading: query.isPending, failed: query.isError, retry: () => void query.refetch() };
}
