import { account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';
import { useSessionStore } from '../../store/session';

export function userInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('profile', token),
    queryFn: ({ signal }) => call(account.getUserInfo, { signal }),
    enabled: token !== null,
  });
}

/**
 * The customer's profile, refreshed from the server while logged in; the stored copy shows at once.
 * A 401 here ends the session through the request layer (SPEC §8).
 */
export function useUserInfo() {
  const token = useSessionToken();
  const stored = useSessionStore((state) => state.userInfo);
  const updateUserInfo = useSessionStore((state) => state.updateUserInfo);
  const query = useQuery(userInfoQuery(token));
  useEffect(() => {
    if (query.data) updateUserInfo(query.data);
  }, [query.data, updateUserInfo]);
  return token === null ? null : (query.data ?? stored);
}
