import { wallet } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { MONEY_PREFIX } from './money-key';

export function useDeleteUserBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userBankId: number) => call(wallet.userDeleteBankCard, { body: { userBankId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
