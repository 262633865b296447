import { loans } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * Repays part or all of an active loan from the available balance (JSON body), under one
 * Idempotency-Key per repayment the customer confirms: the balances, the statement and the loans move.
 */
export function useLoanRepay() {
  return useMoneyMutation(loans.loanRepay, { changes: ['balances', 'statement', 'loans'] });
}
