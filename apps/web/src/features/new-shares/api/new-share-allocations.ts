import { newShares } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPageOf } from '../../../shared/api/paging';
import { OFFERS_KEY } from './keys';

/** Rows per page of the public allocation list: it is short lines of three numbers. */
export const ALLOCATION_PAGE_SIZE = 50;

/** Every subscription of an allocated offer (ids and lots, nobody named), in subscription order. */
export function newShareAllocationsQuery(id: number, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: [...OFFERS_KEY, 'allocations', id],
    queryFn: ({ pageParam, signal }) =>
      call(newShares.newShareAllocations, {
        query: { id, pageNum: pageParam, pageSize: ALLOCATION_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
    // Published once, at allocation: it never changes afterwards.
    staleTime: Infinity,
  });
}

export function useNewShareAllocations(id: number, enabled: boolean) {
  return useInfiniteQuery(newShareAllocationsQuery(id, enabled));
}
