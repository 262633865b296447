import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { sortOptions } from '../lib/fast-trade';

/** The product's fast-trade options (durations, ratios, limits), shortest first. */
export function fastTradeOptionsQuery(productType: number, productCode: string) {
  return queryOptions({
    queryKey: ['trading', 'fastOptions', productCode],
    queryFn: ({ signal }) => call(launch.fastTradeOrderOptionsList, { query: { productType, productCode }, signal }),
    select: (answer) => sortOptions(answer.rows),
    staleTime: 60_000,
  });
}

export function useFastTradeOptions(productType: number, productCode: string) {
  return useQuery(fastTradeOptionsQuery(productType, productCode));
}
