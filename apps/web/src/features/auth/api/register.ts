import { account, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

/** Registers with the code sent to the email or phone; the answer is a session like login's. */
export function useRegister() {
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: (body: BodyOf<typeof account.register>) => call(account.register, { body }),
    onSuccess: ({ token, userInfo }) => {
      signIn(token, userInfo);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
