import { account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, useSessionToken } from './money-key';

/** Whether the customer has a withdrawal password. */
export function isSetWithPwdQuery(token: string | null) {
  return queryOptions({
    queryKey: moneyKey(token, 'isSetWithPwd'),
    queryFn: ({ signal }) => call(account.isSetWithPwd, { signal }),
    select: (answer) => answer.isSetWithPwd === 1,
    enabled: token !== null,
  });
}

export function useIsSetWithPwd() {
  return useQuery(isSetWithPwdQuery(useSessionToken()));
}
