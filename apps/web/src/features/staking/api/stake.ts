import { staking } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { PRODUCTS_KEY } from './keys';

/**
 * Locks an amount in a product, under one Idempotency-Key per order the customer confirms: available
 * to staked (balances, statement) in a new order (my orders); the product's quota and reserve cover
 * change (the public product queries).
 */
export function useStake() {
  return useMoneyMutation(staking.stakingOrderAdd, {
    changes: ['balances', 'statement', 'stakingOrders'],
    alsoRefresh: (queryClient) => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
