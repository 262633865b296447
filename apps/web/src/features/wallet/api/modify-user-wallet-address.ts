import { wallet, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { addressFieldOf, showsUnderField } from '../lib/field-refusals';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

/** Changes an address; the server answers a new entry with a new id (pending withdrawals keep the old one). */
export function useModifyUserWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.modifyUserWalletAddress>) =>
      call(wallet.modifyUserWalletAddress, { body, showsRefusal: showsUnderField(addressFieldOf) }),
    onSuccess: () => invalidateCustomerData(queryClient, 'walletAddresses'),
  });
}
