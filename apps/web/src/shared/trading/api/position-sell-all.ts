import { contracts } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../api/use-money-mutation';
import { TRADE_CHANGES } from '../trade-changes';

/** Closes all my open positions (optionally of one product); the answer lists what stayed open and why. */
export function usePositionSellAll() {
  return useMoneyMutation(contracts.sellAll, {
    body: (productCode: string | undefined) => (productCode ? { productCode } : {}),
    changes: TRADE_CHANGES,
  });
}
