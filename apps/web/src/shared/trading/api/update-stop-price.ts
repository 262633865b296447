import { contracts, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { invalidateCustomerData } from '../../api/customer-keys';

/** Sets (or, with "", removes) the take-profit and stop-loss of one open position. Moves no money. */
export function useUpdateStopPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contracts.updateStopPrice>) => call(contracts.updateStopPrice, { body }),
    onSettled: () => invalidateCustomerData(queryClient, 'positions'),
  });
}
