import { contracts, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { TRADING_PREFIX } from '../query-keys';

/** Sets (or, with "", removes) the take-profit and stop-loss of one open position. Moves no money. */
export function useUpdateStopPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contracts.updateStopPrice>) => call(contracts.updateStopPrice, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRADING_PREFIX }),
  });
}
