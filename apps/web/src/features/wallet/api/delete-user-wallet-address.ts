import { wallet } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

export function useDeleteUserWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userWalletAddressId: number) =>
      call(wallet.deleteUserWalletAddress, { body: { userWalletAddressId } }),
    onSuccess: () => invalidateCustomerData(queryClient, 'walletAddresses'),
  });
}
