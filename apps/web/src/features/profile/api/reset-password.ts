import { profile, type BodyOf } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** `userInfo/resetPassword` (logged out): a new password with the code sent to the account; every session ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof profile.resetPassword>) => call(profile.resetPassword, { body }),
  });
}
