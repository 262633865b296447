import { account, type BodyOf } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

/** Changes the login password; every session ends on the server and the answer's fresh token is kept. */
export function useUpdateUserPwd() {
  const replaceToken = useSessionStore((state) => state.replaceToken);
  return useMutation({
    mutationFn: (body: BodyOf<typeof account.updateUserPwd>) => call(account.updateUserPwd, { body }),
    onSuccess: ({ token }) => replaceToken(token),
  });
}
