import { support } from '@kestrel/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { privateTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';

/** The customer service entry's route (the page-config target the badge sits on). */
export const SUPPORT_CHAT_PATH = '/pages/service/service';

type Unread = { conversationId: number; unreadCount: number; staffReadUpTo: number };

/**
 * How many support replies the customer has not read (0 logged out or until known), for the badge on
 * the customer service entry: `customerService/unreadCount` under the `supportUnread` kind (the chat
 * marks read under the same key, so the badge clears at once), kept current by `private:support`.
 */
export function useSupportUnreadCount(): number {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const key = customerKey('supportUnread', token);
  const unread = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(support.customerServiceUnreadCount, { signal }),
    enabled: token !== null,
  });
  useTopic(token === null ? null : privateTopic('support'), (event) => {
    queryClient.setQueryData<Unread>(key, (old) => (old ? { ...old, unreadCount: event.unreadCount } : old));
  });
  return token === null ? 0 : (unread.data?.unreadCount ?? 0);
}
