import { funding } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

/** My deposits, newest first, page by page. */
export function rechargeListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: customerKey('deposits', token, 'list'),
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
