import { fastTrade } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { TRADE_CHANGES } from '../../../shared/trading/trade-changes';
import { FAST_STATISTICS_PREFIX } from './fast-trade-statistics';

/** Places a fast trade, under one Idempotency-Key per confirmed order. */
export function useFastTradeAdd() {
  return useMoneyMutation(fastTrade.addFastTradeOrder, {
    changes: TRADE_CHANGES,
    // The published statistics count open orders too.
    alsoRefresh: (queryClient) => queryClient.invalidateQueries({ queryKey: FAST_STATISTICS_PREFIX }),
  });
}
