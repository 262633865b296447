import { bibi } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** `bibiTradeOrder/buy`, under one Idempotency-Key per confirmed order. Busy until the orders and balances on screen are the new ones. */
export function useBibiBuy() {
  return useMoneyMutation(bibi.buy, {
    changes: ['coinOrders', 'balances', 'statement'],
  });
}
