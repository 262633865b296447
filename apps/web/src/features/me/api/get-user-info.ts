import { account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../shared/api/call';
import { useSessionStore } from '../../../shared/store/session';

export function userInfoQuery() {
  return queryOptions({
    queryKey: ['account', 'userInfo'],
    queryFn: ({ signal }) => call(account.getUserInfo, { signal }),
  });
}

/**
 * The customer's profile, refreshed from the server while logged in; the stored copy shows at once.
 * A 401 here ends the session through the request layer (SPEC §8).
 */
export function useUserInfo() {
  const token = useSessionStore((state) => state.token);
  const stored = useSessionStore((state) => state.userInfo);
  const updateUserInfo = useSessionStore((state) => state.updateUserInfo);
  const query = useQuery({ ...userInfoQuery(), enabled: token !== null });
  useEffect(() => {
    if (query.data) updateUserInfo(query.data);
  }, [query.data, updateUserInfo]);
  return token === null ? null : (query.data ?? stored);
}
