import { spot } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, useSessionToken } from './money-key';

/** My spot holdings per product with average cost, market value and floating PnL (the wallet tab). */
export function spotHoldingsQuery(token: string | null) {
  return queryOptions({
    queryKey: moneyKey(token, 'spotHoldings'),
    queryFn: ({ signal }) => call(spot.spotTradeOrderHoldings, { signal }),
    enabled: token !== null,
  });
}

export function useSpotHoldings() {
  return useQuery(spotHoldingsQuery(useSessionToken()));
}
