import { copyTrading } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/** Opts in as a trader: from now on my own contract positions are offered to followers. */
export function useBecomeTrader() {
  return useMoneyMutation(copyTrading.becomeTrader, { changes: ['copyTrading'] });
}
