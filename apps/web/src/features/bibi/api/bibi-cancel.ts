import { bibi } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** `bibiTradeOrder/cancel`: one of my open orders, under one Idempotency-Key per order cancelled. */
export function useBibiCancel() {
  return useMoneyMutation(bibi.cancel, {
    body: (bibiTradeOrderId: number) => ({ bibiTradeOrderId }),
    changes: ['coinOrders', 'balances', 'statement'],
  });
}
