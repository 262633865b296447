import { fastTrade } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** The product's published fast-trade statistics: orders won, lost and tied, customers' net result. */
export function fastTradeStatisticsQuery(productCode: string) {
  return queryOptions({
    queryKey: ['trading', 'fastStatistics', productCode],
    queryFn: ({ signal }) => call(fastTrade.fastTradeStatistics, { query: { productCode }, signal }),
    staleTime: 30_000,
  });
}

export function useFastTradeStatistics(productCode: string) {
  return useQuery(fastTradeStatisticsQuery(productCode));
}
