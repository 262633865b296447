import { wallet } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

/** My exchanges, newest first. */
export function balanceConvertRecordListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: customerKey('exchanges', token),
    queryFn: ({ pageParam, signal }) =>
      call(wallet.balanceConvertRecordList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useBalanceConvertRecords() {
  return useInfiniteQuery(balanceConvertRecordListQuery(useSessionToken()));
}
