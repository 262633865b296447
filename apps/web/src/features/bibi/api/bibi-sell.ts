import { bibi } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** `bibiTradeOrder/sell`, under one Idempotency-Key per confirmed order. */
export function useBibiSell() {
  return useMoneyMutation(bibi.sell, {
    changes: ['coinOrders', 'balances', 'statement'],
  });
}
