import { funding } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

/** My withdrawals, newest first, with queue position and review time. */
export function withdrawListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: customerKey('withdrawals', token),
    queryFn: ({ pageParam, signal }) =>
      call(funding.withdrawList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useWithdrawList() {
  return useInfiniteQuery(withdrawListQuery(useSessionToken()));
}
