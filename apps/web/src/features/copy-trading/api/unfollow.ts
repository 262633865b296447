import { copyTrading } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * Ends a follow under one Idempotency-Key per choice (the contract marks it idempotent: closing copies
 * moves money). Closing the open copies changes positions, balances and the statement; keeping them
 * turns them into the customer's own positions, so those refresh as well as the follows.
 */
export function useUnfollow() {
  return useMoneyMutation(copyTrading.unfollow, {
    changes: ['copyTrading', 'positions', 'balances', 'statement'],
  });
}
