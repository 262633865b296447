import { contracts } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { TRADE_CHANGES } from '../../../shared/trading/trade-changes';

/** Opens a long or short position, under one Idempotency-Key per confirmed order. */
export function usePositionBuy() {
  return useMoneyMutation(contracts.buy, {
    changes: TRADE_CHANGES,
  });
}
