import { wallet } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { forgetCustomerData } from '../../api/customer-keys';
import { useSessionStore } from '../../store/session';

/**
 * `userInfo/changeLoginModel`: enters the linked demo account, or returns from it to the real one. The
 * answer is a new session: its token and userInfo replace the stored ones, and every cached query
 * refetches for the new account.
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
