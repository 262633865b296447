import { spot } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { TRADE_CHANGES } from '../../../shared/trading/trade-changes';

/** Sells one held spot order, whole, at the live price. */
export function useSpotOrderSell() {
  return useMoneyMutation(spot.sellSpotTradeOrder, {
    body: (spotTradeOrderId: number) => ({ spotTradeOrderId }),
    changes: TRADE_CHANGES,
  });
}
