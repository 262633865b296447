import { funding } from '@kestrel/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, nextPageOf, PAGE_SIZE, useSessionToken } from './money-key';

/** My withdrawals, newest first, with queue position and review time. */
export function withdrawListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: moneyKey(token, 'withdrawals'),
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
