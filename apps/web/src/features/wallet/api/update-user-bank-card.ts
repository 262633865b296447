import { wallet, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { MONEY_PREFIX } from './money-key';

export function useUpdateUserBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.updateUserBankCard>) => call(wallet.updateUserBankCard, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
