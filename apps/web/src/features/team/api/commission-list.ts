import { team } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { teamKey } from './keys';

/** `userTeam/commissionList`: the commissions earned, newest first, each with the member's fee it came from. */
export function commissionListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: teamKey(token, 'commissions'),
    queryFn: ({ pageParam, signal }) =>
      call(team.commissionList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useCommissionList() {
  return useInfiniteQuery(commissionListQuery(useSessionToken()));
}
