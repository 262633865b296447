import { spot } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { TRADING_PAGE_SIZE, tradingKey, useSessionToken } from '../../../shared/trading/query-keys';

export type SpotOrder = spot.SpotOrder;

/** My held spot orders of one product (what the sell side offers), newest first. */
export function heldSpotOrdersQuery(token: string | null, productCode: string) {
  return queryOptions({
    queryKey: tradingKey(token, 'spot', 'held', productCode),
    queryFn: ({ signal }) =>
      call(spot.spotTradeOrderList, {
        query: { pageNum: 1, pageSize: TRADING_PAGE_SIZE, status: 0, productCode },
        signal,
      }),
    enabled: token !== null,
  });
}

export function useHeldSpotOrders(productCode: string) {
  return useQuery(heldSpotOrdersQuery(useSessionToken(), productCode));
}
