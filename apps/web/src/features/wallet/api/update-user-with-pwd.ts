import { wallet, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

/** Sets the withdrawal password (oldPwd = the login password the first time) or changes it. */
export function useUpdateUserWithPwd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.updateUserWithPwd>) => call(wallet.updateUserWithPwd, { body }),
    onSuccess: () => invalidateCustomerData(queryClient, 'withdrawalPassword'),
  });
}
