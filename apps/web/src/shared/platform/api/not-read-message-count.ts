import { account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';
import { useUnreadStore } from '../../store/unread';

export function notReadMessageCountQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('unreadCount', token),
    queryFn: ({ signal }) => call(account.notReadMessageCount, { signal }),
    staleTime: 60_000,
    refetchInterval: 120_000,
    enabled: token !== null,
  });
}

/** Keeps the unread count (the home red dot) in the app store while a customer is logged in. */
export function useUnreadCountSync(): void {
  const token = useSessionToken();
  const loggedIn = token !== null;
  const setCount = useUnreadStore((state) => state.setCount);
  const { data } = useQuery(notReadMessageCountQuery(token));
  useEffect(() => {
    setCount(loggedIn ? (data?.notReadMessageCount ?? 0) : 0);
  }, [loggedIn, data, setCount]);
}
