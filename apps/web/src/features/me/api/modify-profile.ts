import { profile, type UserInfo } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { customerKey } from '../../../shared/api/customer-keys';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { useSessionStore } from '../../../shared/store/session';

/** Keeps a changed profile in the session and in the profile query at once (the refetch confirms it). */
function useKeepProfile() {
  const queryClient = useQueryClient();
  return (change: Partial<UserInfo>) => {
    const { token, userInfo, updateUserInfo } = useSessionStore.getState();
    if (!userInfo) return;
    const next = { ...userInfo, ...change };
    updateUserInfo(next);
    queryClient.setQueryData(customerKey('profile', token), next);
  };
}

/** `userInfo/modifyUserInfo`: the nickname (1 to 32 characters, no < or >); the log gains a line. */
export function useModifyNickName() {
  const keep = useKeepProfile();
  const mutation = useMoneyMutation(profile.modifyUserInfo, { changes: ['profile', 'securityLog'] });
  return {
    ...mutation,
    save: async (nickName: string) => {
      const userInfo = await mutation.mutateAsync({ nickName });
      keep(userInfo);
      return userInfo;
    },
  };
}

/** `userInfo/modifyAvatar`: an uploaded image (its key) becomes the avatar; answers where it is served. */
export function useModifyAvatar() {
  const keep = useKeepProfile();
  const mutation = useMoneyMutation(profile.modifyAvatar, { changes: ['profile', 'securityLog'] });
  return {
    ...mutation,
    save: async (uploadKey: string) => {
      const { avatar } = await mutation.mutateAsync({ avatar: uploadKey });
      keep({ avatar });
      return avatar;
    },
  };
}
