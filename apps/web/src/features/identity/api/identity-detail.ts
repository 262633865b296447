import { identity } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsDemo } from '../../../shared/account/demo';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type IdentityRecord = identity.IdentityRecord;

/** Under the `identity` kind of the customer keys: a submission refreshes it with the summary. */
export const identityDetailKey = (token: string | null, level: number) =>
  customerKey('identity', token, 'detail', level);

/**
 * `userAuthRecord/detail?authLevel=`: the customer's verification at one level, its status (0 none,
 * 1 pending, 2 passed, 3 rejected), the latest submission with the number masked, and a rejection's reason.
 * Not for a demo account (the server refuses it: verification belongs to the real account).
 */
export function identityDetailQuery(token: string | null, level: number, demo: boolean) {
  return queryOptions({
    queryKey: identityDetailKey(token, level),
    queryFn: ({ signal }) => call(identity.userAuthDetail, { query: { authLevel: level }, signal }),
    enabled: token !== null && !demo,
  });
}

export function useIdentityDetail(level: number) {
  return useQuery(identityDetailQuery(useSessionToken(), level, useIsDemo()));
}
