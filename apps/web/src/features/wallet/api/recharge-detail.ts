import { funding } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** One of my deposits. */
export function rechargeDetailQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: customerKey('deposits', token, 'detail', id),
    queryFn: ({ signal }) => call(funding.rechargeDetail, { query: { id }, signal }),
    enabled: token !== null && id > 0,
  });
}

export function useRechargeDetail(id: number) {
  return useQuery(rechargeDetailQuery(useSessionToken(), id));
}
