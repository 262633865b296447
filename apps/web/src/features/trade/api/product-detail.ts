import { market, type Product } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** One product with its live ticker and session state, fresh when the trade tab opens. */
export function productDetailQuery(productCode: string) {
  return queryOptions({
    queryKey: ['market', 'productDetail', productCode],
    queryFn: ({ signal }) => call(market.productDetail, { query: { productCode }, signal }),
    staleTime: 5_000,
  });
}

/** The stored copy shows at once; the server's answer replaces it when it arrives. */
export function useProductDetail(product: Product | null) {
  return useQuery({
    ...productDetailQuery(product?.productCode ?? ''),
    enabled: product !== null,
    placeholderData: product ?? undefined,
  });
}
