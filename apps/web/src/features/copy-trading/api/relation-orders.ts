import { copyTrading } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { copyKey, COPY_REFRESH_MS } from './keys';

export type CopyOrder = copyTrading.CopyOrder;

/** `copyTrade/relation/orders`: the copies of one follow, newest first, a skipped one with its reason. */
export function relationOrdersQuery(token: string | null, relationId: number | null) {
  return infiniteQueryOptions({
    queryKey: copyKey(token, 'orders', relationId),
    queryFn: ({ pageParam, signal }) =>
      call(copyTrading.relationOrders, {
        query: { relationId: relationId ?? 0, pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null && relationId !== null,
    // Copies open and close when the trader trades, not when this customer acts: keep the screen current.
    refetchInterval: COPY_REFRESH_MS,
  });
}

export function useRelationOrders(relationId: number | null) {
  return useInfiniteQuery(relationOrdersQuery(useSessionToken(), relationId));
}
