import { copyTrading } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { copyKey, COPY_REFRESH_MS } from './keys';

export type CopyRelation = copyTrading.CopyRelation;

/**
 * `copyTrade/trader/followedList`: my follows, active first, each with its result, its open and skipped
 * copies and the last skipped one. Not asked for while `enabled` is false (logged out, or the demo
 * account: copy trading belongs to the live account).
 */
export function followedListQuery(token: string | null, enabled = true) {
  return infiniteQueryOptions({
    queryKey: copyKey(token, 'follows'),
    queryFn: ({ pageParam, signal }) =>
      call(copyTrading.followedList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null && enabled,
    // Copies open and close when the trader trades, not when this customer acts: keep the screen current.
    refetchInterval: COPY_REFRESH_MS,
  });
}

export function useFollowedList(enabled = true) {
  return useInfiniteQuery(followedListQuery(useSessionToken(), enabled));
}
