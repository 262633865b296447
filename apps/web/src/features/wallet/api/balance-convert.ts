import { wallet } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { exchangeFieldOf, showsUnderField } from '../lib/field-refusals';

/** Exchanges between two currencies, under one Idempotency-Key per confirmed exchange. */
export function useBalanceConvert() {
  return useMoneyMutation(wallet.balanceConvert, {
    changes: ['exchanges', 'balances', 'statement'],
    showsRefusal: showsUnderField(exchangeFieldOf),
  });
}
