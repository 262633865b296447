import { account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { useIsLoggedIn } from '../../store/session';
import { useUnreadStore } from '../../store/unread';

export function notReadMessageCountQuery() {
  return queryOptions({
    queryKey: ['account', 'notReadMessageCount'],
    queryFn: ({ signal }) => call(account.notReadMessageCount, { signal }),
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

/** Keeps the unread count (the home red dot) in the app store while a customer is logged in. */
export function useUnreadCountSync(): void {
  const loggedIn = useIsLoggedIn();
  const setCount = useUnreadStore((state) => state.setCount);
  const { data } = useQuery({ ...notReadMessageCountQuery(), enabled: loggedIn });
  useEffect(() => {
    setCount(loggedIn ? (data?.notReadMessageCount ?? 0) : 0);
  }, [loggedIn, data, setCount]);
}
