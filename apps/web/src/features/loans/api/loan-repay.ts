import { loans } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { refreshLoans } from './keys';

/**
 * Repays part or all of an active loan from the available balance (JSON body), under one
 * Idempotency-Key per repayment the customer confirms: the balances, the statement and the loans move.
 */
export function useLoanRepay() {
  return useMoneyMutation(loans.loanRepay, { changes: ['balances', 'statement'], alsoRefresh: refreshLoans });
}
