import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supportUnreadQuery, type SupportUnread } from '../../../shared/account/api/support-unread';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { privateTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';

/**
 * How many support replies the customer has not read (0 logged out or until known), for the badge on
 * the customer service entry: `customerService/unreadCount` under the `supportUnread` kind (the chat
 * marks read under the same key, so the badge clears at once), kept current by `private:support`.
 */
export function useSupportUnreadCount(): number {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const query = supportUnreadQuery(token);
  const unread = useQuery(query);
  useTopic(token === null ? null : privateTopic('support'), (event) => {
    queryClient.setQueryData<SupportUnread>(query.queryKey, (old) =>
      old ? { ...old, unreadCount: event.unreadCount } : old,
    );
  });
  return token === null ? 0 : (unread.data?.unreadCount ?? 0);
}
