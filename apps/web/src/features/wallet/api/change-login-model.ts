import { wallet } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';
import { forgetCustomerData } from '../../../shared/api/customer-keys';

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
      // The other account's data must not show, not even from the cache: drop it, then refetch the rest.
      forgetCustomerData(queryClient);
      await queryClient.invalidateQueries();
    },
  });
}
