import { account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { mineKey, useSessionToken } from './keys';

/**
 * `userInfo/userBalance`: available and frozen per currency, the pair's two coins among them. The forms
 * need what is available (userBibiAssets/list carries only available + frozen together).
 */
export function userBalanceQuery(token: string | null) {
  return queryOptions({
    queryKey: mineKey(token, 'balances'),
    queryFn: ({ signal }) => call(account.userBalance, { query: { currencyId: 3 }, signal }),
    enabled: token !== null,
    staleTime: 5_000,
  });
}

export const useUserBalance = () => useQuery(userBalanceQuery(useSessionToken()));
