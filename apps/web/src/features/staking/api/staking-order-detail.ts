import { staking } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { ordersKey } from './keys';

/** One of my orders: days accrued, yield so far, maturity, and what an early redemption would keep. */
export function stakingOrderDetailQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: ordersKey(token, 'detail', id),
    queryFn: ({ signal }) => call(staking.stakingOrderDetail, { query: { id }, signal }),
    enabled: token !== null,
  });
}

export function useStakingOrderDetail(id: number) {
  return useQuery(stakingOrderDetailQuery(useSessionToken(), id));
}
