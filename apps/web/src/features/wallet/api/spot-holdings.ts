import { spot } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** My spot holdings per product with average cost, market value and floating PnL (the wallet tab). */
export function spotHoldingsQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('spotHoldings', token, 'summary'),
    queryFn: ({ signal }) => call(spot.spotTradeOrderHoldings, { signal }),
    enabled: token !== null,
  });
}

export function useSpotHoldings() {
  return useQuery(spotHoldingsQuery(useSessionToken()));
}
