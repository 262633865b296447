import { staking } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { PRODUCTS_KEY } from './keys';

/**
 * Redeems an active order early, under one Idempotency-Key per redemption the customer confirms:
 * principal less the penalty plus the yield so far back to available (balances, statement, my orders);
 * the product's quota frees up (the public product queries).
 */
export function useRedeem() {
  return useMoneyMutation(staking.stakingOrderRedemption, {
    changes: ['balances', 'statement', 'stakingOrders'],
    alsoRefresh: (queryClient) => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
