import { newShares } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { OFFERS_KEY } from './keys';

/**
 * Subscribes to an offer, under one Idempotency-Key per subscription the customer confirms. The amount
 * moves from available to frozen (balances, statement) and becomes a subscription (my subscriptions),
 * and the offer's subscribed lots change (the public offer queries).
 */
export function useSubscribe() {
  return useMoneyMutation(newShares.subscribe, {
    changes: ['balances', 'statement', 'subscriptions'],
    alsoRefresh: (queryClient) => queryClient.invalidateQueries({ queryKey: OFFERS_KEY }),
  });
}
