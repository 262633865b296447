import { account } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { forgetCustomerData } from '../../../shared/api/customer-keys';
import { useSessionStore } from '../../../shared/store/session';

/**
 * Ends the session on the server, then here. The local session ends even when the server call fails:
 * a customer who taps "log out" must be logged out on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOut = useSessionStore((state) => state.signOut);
  return useMutation({
    mutationFn: () => call(account.logout).catch(() => undefined),
    onSettled: () => {
      signOut();
      forgetCustomerData(queryClient);
    },
  });
}
