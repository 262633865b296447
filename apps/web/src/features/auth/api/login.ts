import { account, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

/** Logs in and keeps the session (localStorage `token` and `userInfo`, SPEC §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: (body: BodyOf<typeof account.login>) => call(account.login, { body }),
    onSuccess: ({ token, userInfo }) => {
      signIn(token, userInfo);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
