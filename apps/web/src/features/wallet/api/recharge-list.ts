import { funding } from '@kestrel/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, nextPageOf, PAGE_SIZE, useSessionToken } from './money-key';

/** My deposits, newest first, page by page. */
export function rechargeListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: moneyKey(token, 'deposits'),
    queryFn: ({ pageParam, signal }) =>
      call(funding.rechargeList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useRechargeList() {
  return useInfiniteQuery(rechargeListQuery(useSessionToken()));
}
