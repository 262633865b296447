import { profile, type BodyOf, type UserInfo } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { customerKey } from '../../../shared/api/customer-keys';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { useSessionStore } from '../../../shared/store/session';

/**
 * `userInfo/bindEmail` and `userInfo/bindPhone`: bind or change the address with the code sent to it.
 * The answer is the new profile: kept in the session and the profile query at once (the login name may
 * have changed with it); the security log gains a line.
 */
export function useBindEmail() {
  const keep = useKeepProfile();
  const mutation = useMoneyMutation(profile.bindEmail, { changes: ['profile', 'securityLog'] });
  return {
    ...mutation,
    bind: async (body: BodyOf<typeof profile.bindEmail>) => keep(await mutation.mutateAsync(body)),
  };
}

export function useBindPhone() {
  const keep = useKeepProfile();
  const mutation = useMoneyMutation(profile.bindPhone, { changes: ['profile', 'securityLog'] });
  return {
    ...mutation,
    bind: async (body: BodyOf<typeof profile.bindPhone>) => keep(await mutation.mutateAsync(body)),
  };
}

function useKeepProfile() {
  const queryClient = useQueryClient();
  return (userInfo: UserInfo): UserInfo => {
    const { token, updateUserInfo } = useSessionStore.getState();
    updateUserInfo(userInfo);
    queryClient.setQueryData(customerKey('profile', token), userInfo);
    return userInfo;
  };
}
