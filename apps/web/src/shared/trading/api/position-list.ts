import { contracts } from '@kestrel/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { TRADING_PAGE_SIZE, nextPageOf, tradingKey, useSessionToken } from '../query-keys';

export type Position = contracts.Position;

/** My positions, open (0) or closed (1), page by page: the positions screen. */
export function positionPagesQuery(token: string | null, status: 0 | 1) {
  return infiniteQueryOptions({
    queryKey: tradingKey(token, 'positions', 'pages', status),
    queryFn: ({ pageParam, signal }) =>
      call(contracts.list, { query: { pageNum: pageParam, pageSize: TRADING_PAGE_SIZE, status }, signal }),
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
    queryKey: tradingKey(token, 'positions', 'open', productCode),
    queryFn: ({ signal }) =>
      call(contracts.list, { query: { pageNum: 1, pageSize: TRADING_PAGE_SIZE, status: 0, productCode }, signal }),
    enabled: token !== null,
  });
}

export function useOpenPositions(productCode: string) {
  return useQuery(openPositionsQuery(useSessionToken(), productCode));
}
