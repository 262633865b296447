import { spot } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { PAGE_SIZE } from '../../../shared/api/paging';

export type SpotOrder = spot.SpotOrder;

/** My held spot orders of one product (what the sell side offers), newest first. */
export function heldSpotOrdersQuery(token: string | null, productCode: string) {
  return queryOptions({
    queryKey: customerKey('spotHoldings', token, 'held', productCode),
    queryFn: ({ signal }) =>
      call(spot.spotTradeOrderList, {
        query: { pageNum: 1, pageSize: PAGE_SIZE, status: 0, productCode },
        signal,
      }),
    enabled: token !== null,
  });
}

export function useHeldSpotOrders(productCode: string) {
  return useQuery(heldSpotOrdersQuery(useSessionToken(), productCode));
}
