import { market } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import type { Interval } from '../../../shared/realtime/message-types';

/** How many candles the chart loads before following the live one. */
export const KLINE_LIMIT = 500;

/** Candles of one product at one interval, oldest first; the last one is still forming. */
export function productKlineQuery(productCode: string, interval: Interval) {
  return queryOptions({
    queryKey: ['market', 'kline', productCode, interval],
    queryFn: ({ signal }) =>
      call(market.productKline, { query: { productCode, interval, limit: KLINE_LIMIT }, signal }),
    // The live topic moves the chart; a cached answer would redraw an old last candle on return.
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** `enabled` false holds the request back (pending meanwhile), e.g. until the screen has painted. */
export function useProductKline(productCode: string, interval: Interval, enabled = true) {
  return useQuery({ ...productKlineQuery(productCode, interval), enabled });
}
