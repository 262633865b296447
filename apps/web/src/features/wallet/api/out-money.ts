import { funding } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** Requests a withdrawal, under one Idempotency-Key per withdrawal the customer submits. */
export function useOutMoney() {
  return useMoneyMutation(funding.outMoney, {
    changes: ['withdrawals', 'balances', 'statement'],
  });
}
