import { wallet } from '@kestrel/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, nextPageOf, PAGE_SIZE, useSessionToken } from './money-key';

/** My exchanges, newest first. */
export function balanceConvertRecordListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: moneyKey(token, 'exchanges'),
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
