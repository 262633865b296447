import { contracts } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** The product's trade settings: leverages, limits, windows, liquidation rule and fee rates. */
export function productTradeSettingQuery(productCode: string) {
  return queryOptions({
    queryKey: ['trading', 'setting', productCode],
    queryFn: ({ signal }) => call(contracts.productTradeSettingDetail, { query: { productCode }, signal }),
    // tradingOpen and nowPrice change with the session: refreshed each minute while the tab is open.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useProductTradeSetting(productCode: string) {
  return useQuery(productTradeSettingQuery(productCode));
}
