import { account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** Whether the customer has a withdrawal password. */
export function isSetWithPwdQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('withdrawalPassword', token),
    queryFn: ({ signal }) => call(account.isSetWithPwd, { signal }),
    select: (answer) => answer.isSetWithPwd === 1,
    enabled: token !== null,
  });
}

export function useIsSetWithPwd() {
  return useQuery(isSetWithPwdQuery(useSessionToken()));
}
