import { wallet } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';
import { MONEY_PREFIX } from './money-key';

/**
 * Enters the linked demo account, or returns from it to the real one. The answer is a new session:
 * its token and userInfo replace the stored ones, and every cached query refetches for the new account.
 */
export function useChangeLoginModel() {
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: () => call(wallet.changeLoginModel),
    onSuccess: async ({ token, userInfo }) => {
      signIn(token, userInfo);
      queryClient.removeQueries({ queryKey: MONEY_PREFIX });
      await queryClient.invalidateQueries();
    },
  });
}
