import { account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** `userBibiAssets/list`: the coins held (available + frozen), for the orders screen's holdings strip. */
export function userBibiAssetsQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('balances', token, 'coins'),
    queryFn: ({ signal }) => call(account.userBibiAssetsList, { signal }),
    select: (answer) => answer.rows,
    enabled: token !== null,
  });
}

export const useUserBibiAssets = () => useQuery(userBibiAssetsQuery(useSessionToken()));
