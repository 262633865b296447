import { funding } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { showsUnderField, withdrawFieldOf } from '../lib/field-refusals';

/**
 * Requests a withdrawal, under one Idempotency-Key per withdrawal the customer submits. Refusals that
 * concern a field (the amount, the destination, the password) come back to the form, not as a toast.
 */
export function useOutMoney() {
  return useMoneyMutation(funding.outMoney, {
    changes: ['withdrawals', 'balances', 'statement'],
    showsRefusal: showsUnderField(withdrawFieldOf),
  });
}
