import { market } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { marketKey } from './keys';

/**
 * `product/detail` of the product a pair trades under (X:BTCUSD for BTC/USDT): the price feed's ticker,
 * whose day block gives the reference day range beside this exchange's own (possibly empty) trades.
 */
export function referenceProductQuery(productCode: string) {
  return queryOptions({
    queryKey: marketKey('referenceProduct', productCode),
    queryFn: ({ signal }) => call(market.productDetail, { query: { productCode }, signal }),
    staleTime: 30_000,
  });
}

export const useReferenceProduct = (productCode: string) => useQuery(referenceProductQuery(productCode));
