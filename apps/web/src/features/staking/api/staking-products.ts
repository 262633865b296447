import { staking } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { PRODUCTS_KEY } from './keys';

/** Locked staking products with their terms, quota left and whether they take orders now. */
export function stakingProductsQuery() {
  return infiniteQueryOptions({
    queryKey: [...PRODUCTS_KEY, 'products'],
    queryFn: ({ pageParam, signal }) =>
      call(staking.stakingProductList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useStakingProducts() {
  return useInfiniteQuery(stakingProductsQuery());
}
