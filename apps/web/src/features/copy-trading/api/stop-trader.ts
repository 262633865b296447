import { copyTrading } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** Stops publishing: every follow of me ends, and followers keep their open copies as their own positions. */
export function useStopTrader() {
  return useMoneyMutation(copyTrading.stopTrader, { changes: ['copyTrading'] });
}
