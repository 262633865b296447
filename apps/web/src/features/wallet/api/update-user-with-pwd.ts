import { wallet, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { MONEY_PREFIX } from './money-key';

/** Sets the withdrawal password (oldPwd = the login password the first time) or changes it. */
export function useUpdateUserWithPwd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.updateUserWithPwd>) => call(wallet.updateUserWithPwd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
