import { wallet } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

export function useDeleteUserBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userBankId: number) => call(wallet.userDeleteBankCard, { body: { userBankId } }),
    onSuccess: () => invalidateCustomerData(queryClient, 'bankCards'),
  });
}
