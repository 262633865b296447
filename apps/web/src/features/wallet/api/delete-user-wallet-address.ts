import { wallet } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { MONEY_PREFIX } from './money-key';

export function useDeleteUserWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userWalletAddressId: number) =>
      call(wallet.deleteUserWalletAddress, { body: { userWalletAddressId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
