import { support } from '@kestrel/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { supportUnreadKey } from './keys';

export type SupportUnread = { conversationId: number; unreadCount: number; staffReadUpTo: number };

/** `customerService/unreadCount`: how many support messages I have not read, and how far support has read mine. */
export function supportUnreadQuery(token: string | null) {
  return queryOptions({
    queryKey: supportUnreadKey(token),
    queryFn: ({ signal }) => call(support.customerServiceUnreadCount, { signal }),
    enabled: token !== null,
  });
}

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
