import { copyTrading } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { copyKey } from './keys';

export type CopyTrader = copyTrading.CopyTrader;

/**
 * `copyTrade/trader/list`: the active traders, best 30-day return first, each with the record the
 * server computed from their closed positions. Logged out too (auth optional): then no row is followed.
 */
export function traderListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: copyKey(token, 'traders'),
    queryFn: ({ pageParam, signal }) =>
      call(copyTrading.traderList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useTraderList() {
  return useInfiniteQuery(traderListQuery(useSessionToken()));
}
