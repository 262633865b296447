import { newShares } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { OFFERS_KEY } from './keys';

/** New-share offers, newest window first; `productType` (1-4) keeps one market. */
export function newShareListQuery(productType: number | undefined) {
  return infiniteQueryOptions({
    queryKey: [...OFFERS_KEY, 'list', productType ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(newShares.newShareList, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE, ...(productType ? { productType } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useNewShareList(productType: number | undefined) {
  return useInfiniteQuery(newShareListQuery(productType));
}
