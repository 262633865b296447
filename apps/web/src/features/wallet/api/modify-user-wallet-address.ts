import { wallet, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { MONEY_PREFIX } from './money-key';

/** Changes an address; the server answers a new entry with a new id (pending withdrawals keep the old one). */
export function useModifyUserWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.modifyUserWalletAddress>) => call(wallet.modifyUserWalletAddress, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
