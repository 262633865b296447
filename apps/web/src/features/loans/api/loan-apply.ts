import { loans } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * Applies for a loan (JSON body), under one Idempotency-Key per application the customer confirms.
 * Nothing moves until an operator approves it, so only the loans are refreshed.
 */
export function useLoanApply() {
  return useMoneyMutation(loans.loanApply, { changes: ['loans'] });
}
