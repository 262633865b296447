import { fastTrade } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type FastTradeOrder = fastTrade.FastTradeOrderRecord;

/** How many recent fast trades the trade tab shows under the chart. */
export const RECENT_FAST_TRADES = 5;

/** My most recent fast trades in one product, open and settled; each row carries the server's time. */
export function recentFastTradesQuery(token: string | null, productCode: string) {
  return queryOptions({
    queryKey: customerKey('fastTrades', token, 'recent', productCode),
    queryFn: ({ signal }) =>
      call(fastTrade.fastTradeOrderList, { query: { pageNum: 1, pageSize: RECENT_FAST_TRADES, productCode }, signal }),
    enabled: token !== null,
  });
}

export function useRecentFastTrades(productCode: string) {
  return useQuery(recentFastTradesQuery(useSessionToken(), productCode));
}
