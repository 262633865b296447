import { account, type BodyOf } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

/** Registers with the code sent to the email or phone; the answer is a session like login's. */
export function useRegister() {
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: (body: BodyOf<typeof account.register>) => call(account.register, { body }),
    // The new token keys fresh customer queries (shared/api/customer-keys.ts): nothing cached to refresh.
    onSuccess: ({ token, userInfo }) => signIn(token, userInfo),
  });
}
