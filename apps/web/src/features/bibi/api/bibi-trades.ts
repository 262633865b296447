import { bibi } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { RECENT_TRADES_SHOWN } from '../lib/recent-trades';
import { marketKey } from './keys';

/** `bibiTradeOrder/trades`: the pair's latest trades, newest first; `trades:<code>` adds to them. */
export function bibiTradesQuery(productCode: string) {
  return queryOptions({
    queryKey: marketKey('trades', productCode),
    queryFn: ({ signal }) => call(bibi.trades, { query: { productCode, limit: RECENT_TRADES_SHOWN }, signal }),
    staleTime: 0,
  });
}

export const useBibiTrades = (productCode: string | null) =>
  useQuery({ ...bibiTradesQuery(productCode ?? ''), enabled: productCode !== null });
