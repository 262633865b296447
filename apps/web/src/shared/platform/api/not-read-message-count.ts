import { account, CONSTANTS } from '@kestrel/contract/web';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { customerKey, invalidateCustomerData, useSessionToken } from '../../api/customer-keys';
import { privateTopic } from '../../realtime/topics';
import { useTopic } from '../../realtime/use-topic';
import { useUnreadStore } from '../../store/unread';
import { showToast } from '../../ui/toast';

export function notReadMessageCountQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('unreadCount', token),
    queryFn: ({ signal }) => call(account.notReadMessageCount, { signal }),
    staleTime: 60_000,
    refetchInterval: 120_000,
    enabled: token !== null,
  });
}

/**
 * A fresh unread count from the server (a live message, a mark-read answer): into the cached answer and
 * the red dot at once, without a request.
 */
export function applyUnreadCount(queryClient: QueryClient, token: string | null, count: number): void {
  queryClient.setQueryData(notReadMessageCountQuery(token).queryKey, { notReadMessageCount: count });
  useUnreadStore.getState().setCount(count);
}

/**
 * Keeps the unread count (the home red dot) in the app store while a customer is logged in, on every
 * screen (app/AppRoot.tsx): fetched at start, then live from `private:messages`, whose message carries
 * the new count. A new message also refreshes the message list and shows its title in a toast, except
 * on the messages screens, which show it themselves.
 */
export function useUnreadCountSync(): void {
  const token = useSessionToken();
  const loggedIn = token !== null;
  const queryClient = useQueryClient();
  const setCount = useUnreadStore((state) => state.setCount);
  const { data } = useQuery(notReadMessageCountQuery(token));
  useEffect(() => {
    setCount(loggedIn ? (data?.notReadMessageCount ?? 0) : 0);
  }, [loggedIn, data, setCount]);
  useTopic(loggedIn ? privateTopic('messages') : null, (push) => {
    applyUnreadCount(queryClient, token, push.notReadMessageCount);
    void invalidateCustomerData(queryClient, 'messages');
    if (!window.location.hash.startsWith('#/pages/msg/')) {
      showToast({ content: push.title, position: 'top', duration: CONSTANTS.toastDurationMs });
    }
  });
}
