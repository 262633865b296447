import { funding } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** Cancels one of my pending withdrawals (one Idempotency-Key per withdrawal cancelled). */
export function useWithdrawCancel() {
  return useMoneyMutation(funding.withdrawCancel, {
    body: (userWithdrawId: number) => ({ userWithdrawId }),
    changes: ['withdrawals', 'balances', 'statement'],
  });
}
