import { wallet, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { addressFieldOf, showsUnderField } from '../lib/field-refusals';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

export function useAddUserWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.addUserWalletAddress>) =>
      call(wallet.addUserWalletAddress, { body, showsRefusal: showsUnderField(addressFieldOf) }),
    onSuccess: () => invalidateCustomerData(queryClient, 'walletAddresses'),
  });
}
