import { bibi } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { marketKey } from './keys';

/** `bibiTradeOrder/ticker`: last trade price, 24 h change, high, low and volume; `bibiTicker:<code>` follows it. */
export function bibiTickerQuery(productCode: string) {
  return queryOptions({
    queryKey: marketKey('ticker', productCode),
    queryFn: ({ signal }) => call(bibi.ticker, { query: { productCode }, signal }),
    staleTime: 0,
  });
}

export const useBibiTicker = (productCode: string | null) =>
  useQuery({ ...bibiTickerQuery(productCode ?? ''), enabled: productCode !== null });
