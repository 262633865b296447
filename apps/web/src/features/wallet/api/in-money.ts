import { funding } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** Requests a deposit, under one Idempotency-Key per deposit the customer submits. The demo channel credits at once, so the balances and the statement move with the record. */
export function useInMoney() {
  return useMoneyMutation(funding.inMoney, {
    changes: ['deposits', 'balances', 'statement'],
  });
}
