import { profile } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

/** `securityLog/list`: every sign-in and security change of this customer, newest first, page by page. */
export function securityLogQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: customerKey('securityLog', token),
    queryFn: ({ pageParam, signal }) =>
      call(profile.securityLogList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useSecurityLog(enabled = true) {
  const token = useSessionToken();
  return useInfiniteQuery({ ...securityLogQuery(token), enabled: token !== null && enabled });
}
