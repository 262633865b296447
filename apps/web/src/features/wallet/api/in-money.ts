import { funding } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { depositFieldOf, showsUnderField } from '../lib/field-refusals';

/** Requests a deposit, under one Idempotency-Key per deposit the customer submits. The demo channel credits at once, so the balances and the statement move with the record. */
export function useInMoney() {
  return useMoneyMutation(funding.inMoney, {
    changes: ['deposits', 'balances', 'statement'],
    showsRefusal: showsUnderField(depositFieldOf),
  });
}
