import { bibi } from '@kestrel/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { mineKey, ORDERS_PAGE_SIZE, useSessionToken } from './keys';

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
    queryKey: mineKey(token, 'orders', filter.status, filter.productCode ?? 'all'),
    queryFn: ({ signal, pageParam }) =>
      call(bibi.list, {
        query: {
          pageNum: pageParam,
          pageSize: ORDERS_PAGE_SIZE,
          status: filter.status,
          productCode: filter.productCode,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages, lastPageParam) => {
      const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
      return loaded < lastPage.total && lastPage.rows.length > 0 ? lastPageParam + 1 : undefined;
    },
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: filter.status === bibi.BIBI_ORDER_STATUS.open ? OPEN_ORDERS_REFRESH_MS : false,
  });
}

export const useBibiOrderList = (filter: OrderFilter) =>
  useInfiniteQuery(bibiOrderListQuery(useSessionToken(), filter));
