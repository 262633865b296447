import { contracts } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../api/use-money-mutation';
import { TRADE_CHANGES } from '../trade-changes';

/** Closes one open position at the live price, under one Idempotency-Key per confirmed close. */
export function usePositionSell() {
  return useMoneyMutation(contracts.sell, {
    body: (positionId: number) => ({ positionId }),
    changes: TRADE_CHANGES,
  });
}
