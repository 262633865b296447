import { rewards } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * Claims a task whose condition holds, under one Idempotency-Key per tap: one entry from the platform's
 * reward budget to the customer's available balance (balances, statement), the task turns claimed and a
 * record appears (rewards). Refused or done, all three refresh.
 */
export function useClaimReward() {
  return useMoneyMutation(rewards.rewardClaim, { changes: ['balances', 'statement', 'rewards'] });
}
