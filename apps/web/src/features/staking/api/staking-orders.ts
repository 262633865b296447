import { staking } from '@kestrel/contract/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { ordersKey } from './keys';

/** My staking orders of one status (0 active, 1 matured, 2 redeemed), newest first. */
export function stakingOrdersQuery(token: string | null, status: number) {
  return infiniteQueryOptions({
    queryKey: ordersKey(token, 'list', status),
    queryFn: ({ pageParam, signal }) =>
      call(staking.stakingOrderList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE, status }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useStakingOrders(status: number) {
  return useInfiniteQuery(stakingOrdersQuery(useSessionToken(), status));
}

/** Pages of 100 read for the totals, and at most this many: 1,000 active orders. */
const ALL_PAGE_SIZE = 100;
const ALL_PAGES_MAX = 10;

/**
 * Every active order (up to 1,000), for what needs them all: the overview's totals and, per product,
 * what the customer already has locked (the per-customer maximum). `complete` is false past the cap.
 */
export function activeOrdersQuery(token: string | null) {
  return queryOptions({
    queryKey: ordersKey(token, 'active-all'),
    queryFn: async ({ signal }) => {
      const rows: staking.StakingOrderRecord[] = [];
      let total = 0;
      for (let pageNum = 1; pageNum <= ALL_PAGES_MAX; pageNum += 1) {
        const page = await call(staking.stakingOrderList, {
          query: { pageNum, pageSize: ALL_PAGE_SIZE, status: staking.STAKING_ORDER_STATUS.active },
          signal,
        });
        rows.push(...page.rows);
        total = page.total;
        if (rows.length >= total || page.rows.length === 0) break;
      }
      return { rows, total, complete: rows.length >= total };
    },
    enabled: token !== null,
  });
}

export function useActiveOrders() {
  return useQuery(activeOrdersQuery(useSessionToken()));
}
