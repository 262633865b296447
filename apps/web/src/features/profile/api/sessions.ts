import { PAGE_SIZE_MAX, profile } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * `userSession/list`: the customer's live sessions, most recently used first. One page of the most the
 * server gives (a customer has a handful of devices; sessions expire after 7 idle days).
 */
export function sessionListQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('sessions', token),
    queryFn: ({ signal }) => call(profile.sessionList, { query: { pageNum: 1, pageSize: PAGE_SIZE_MAX }, signal }),
    enabled: token !== null,
  });
}

export function useSessionList(enabled = true) {
  const token = useSessionToken();
  return useQuery({ ...sessionListQuery(token), enabled: token !== null && enabled });
}

/** `userSession/revoke`: log one other device out (and the demo session entered from it). */
export function useRevokeSession() {
  return useMoneyMutation(profile.revokeSession, { changes: ['sessions', 'securityLog'] });
}

/** `userSession/revokeOthers`: "log out other devices"; this one stays. */
export function useRevokeOtherSessions() {
  return useMoneyMutation(profile.revokeOtherSessions, { changes: ['sessions', 'securityLog'] });
}
