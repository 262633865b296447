import { spot } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { TRADE_CHANGES } from '../../../shared/trading/trade-changes';

/** Buys a quantity at the live price, under one Idempotency-Key per confirmed order. */
export function useSpotOrderAdd() {
  return useMoneyMutation(spot.addSpotTradeOrder, {
    changes: TRADE_CHANGES,
  });
}
