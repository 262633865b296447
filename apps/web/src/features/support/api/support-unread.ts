import { support } from '@kestrel/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { supportUnreadKey, supportUnreadQuery, type SupportUnread } from '../../../shared/account/api/support-unread';

export function useSupportUnread() {
  return useQuery(supportUnreadQuery(useSessionToken()));
}

/** `customerService/markRead`: support's messages up to `upToId` are read; the answer is the new count. */
export function useSupportMarkRead() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (upToId: number) => call(support.customerServiceMarkRead, { body: { upToId } }),
    // The staff read mark only moves forward: a read event may have arrived before this answer.
    onSuccess: (answer) =>
      queryClient.setQueryData<SupportUnread>(supportUnreadKey(token), (old) => ({
        ...answer,
        staffReadUpTo: Math.max(old?.staffReadUpTo ?? 0, answer.staffReadUpTo),
      })),
  });
}
