import { contracts } from '@kestrel/contract/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';
import { PAGE_SIZE, nextPageOf } from '../../api/paging';

export type Position = contracts.Position;

/** My positions, open (0) or closed (1), page by page: the positions screen. */
export function positionPagesQuery(token: string | null, status: 0 | 1) {
  return infiniteQueryOptions({
    queryKey: customerKey('positions', token, 'pages', status),
    queryFn: ({ pageParam, signal }) =>
      call(contracts.list, { query: { pageNum: pageParam, pageSize: PAGE_SIZE, status }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function usePositionPages(status: 0 | 1) {
  return useInfiniteQuery(positionPagesQuery(useSessionToken(), status));
}

/** My open positions in one product (the first page; the trade tab lists them under the chart). */
export function openPositionsQuery(token: string | null, productCode: string) {
  return queryOptions({
    queryKey: customerKey('positions', token, 'open', productCode),
    queryFn: ({ signal }) =>
      call(contracts.list, { query: { pageNum: 1, pageSize: PAGE_SIZE, status: 0, productCode }, signal }),
    enabled: token !== null,
  });
}

export function useOpenPositions(productCode: string) {
  return useQuery(openPositionsQuery(useSessionToken(), productCode));
}
