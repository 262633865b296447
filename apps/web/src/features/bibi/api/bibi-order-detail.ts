import { bibi } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** `bibiTradeOrder/detail`: one of my orders with its fills, oldest first. */
export function bibiOrderDetailQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: customerKey('coinOrders', token, 'detail', id),
    queryFn: ({ signal }) => call(bibi.detail, { query: { id }, signal }),
    enabled: token !== null && id > 0,
    staleTime: 0,
  });
}

export const useBibiOrderDetail = (id: number | null) => useQuery(bibiOrderDetailQuery(useSessionToken(), id ?? 0));
