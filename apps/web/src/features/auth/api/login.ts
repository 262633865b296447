import { account, type BodyOf } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

/** Logs in and keeps the session (localStorage `token` and `userInfo`, SPEC §4). */
export function useLogin() {
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: (body: BodyOf<typeof account.login>) => call(account.login, { body }),
    // The new token keys fresh customer queries (shared/api/customer-keys.ts): nothing cached to refresh.
    onSuccess: ({ token, userInfo }) => signIn(token, userInfo),
  });
}
