import { copyTrading } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { copyKey } from './keys';

/**
 * `copyTrade/trader/mine`: my own trader profile with its record, or null before I opt in. Not asked
 * for while `enabled` is false (logged out, or the demo account, which cannot publish).
 */
export function myTraderQuery(token: string | null, enabled = true) {
  return queryOptions({
    queryKey: copyKey(token, 'mine'),
    queryFn: ({ signal }) => call(copyTrading.myTrader, { signal }),
    enabled: token !== null && enabled,
  });
}

export function useMyTrader(enabled = true) {
  return useQuery(myTraderQuery(useSessionToken(), enabled));
}
