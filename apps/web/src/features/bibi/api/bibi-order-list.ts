import { bibi } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

/** Which orders a list shows: one status (0 open, 1 filled, 2 cancelled, 3 expired), optionally one pair. */
export interface OrderFilter {
  status: number;
  productCode?: string;
}

/** How often open orders are refetched while shown, besides the private topic and every action. */
export const OPEN_ORDERS_REFRESH_MS = 10_000;

/** `bibiTradeOrder/list`: my orders, newest first, a page at a time. */
export function bibiOrderListQuery(token: string | null, filter: OrderFilter) {
  return infiniteQueryOptions({
    queryKey: customerKey('coinOrders', token, 'list', filter.status, filter.productCode ?? 'all'),
    queryFn: ({ signal, pageParam }) =>
      call(bibi.list, {
        query: {
          pageNum: pageParam,
          pageSize: PAGE_SIZE,
          status: filter.status,
          productCode: filter.productCode,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: filter.status === bibi.BIBI_ORDER_STATUS.open ? OPEN_ORDERS_REFRESH_MS : false,
  });
}

export const useBibiOrderList = (filter: OrderFilter) =>
  useInfiniteQuery(bibiOrderListQuery(useSessionToken(), filter));
