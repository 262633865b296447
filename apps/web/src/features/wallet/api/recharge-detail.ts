import { funding } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, useSessionToken } from './money-key';

/** One of my deposits. */
export function rechargeDetailQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: moneyKey(token, 'deposit', id),
    queryFn: ({ signal }) => call(funding.rechargeDetail, { query: { id }, signal }),
    enabled: token !== null && id > 0,
  });
}

export function useRechargeDetail(id: number) {
  return useQuery(rechargeDetailQuery(useSessionToken(), id));
}
