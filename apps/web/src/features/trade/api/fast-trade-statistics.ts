import { fastTrade } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** Every product's statistics: a fast trade placed or settled changes its product's figures. */
export const FAST_STATISTICS_PREFIX = ['trading', 'fastStatistics'] as const;

/** The product's published fast-trade statistics: orders won, lost and tied, customers' net result. */
export function fastTradeStatisticsQuery(productCode: string) {
  return queryOptions({
    queryKey: [...FAST_STATISTICS_PREFIX, productCode],
    queryFn: ({ signal }) => call(fastTrade.fastTradeStatistics, { query: { productCode }, signal }),
    staleTime: 30_000,
  });
}

export function useFastTradeStatistics(productCode: string) {
  return useQuery(fastTradeStatisticsQuery(productCode));
}
