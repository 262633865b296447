import { CONSTANTS, account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';

/**
 * `userInfo/userBalance`: available, frozen and margin per currency, the trade currency (USDT) first.
 * One cache entry for every screen that reads it (the trade forms the USDT row, the coin-to-coin forms
 * the pair's two coins), so whatever moves a balance refreshes them all.
 */
export function userBalanceQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('balances', token, 'userBalance'),
    queryFn: ({ signal }) => call(account.userBalance, { query: { currencyId: CONSTANTS.usdtCurrencyId }, signal }),
    enabled: token !== null,
  });
}

/** My available balance of one currency, fresh within 5 s (what a form offers to spend); null until known. */
export function useAvailableBalance(currencyId: number): string | null {
  const balances = useQuery({ ...userBalanceQuery(useSessionToken()), staleTime: 5_000 });
  return balances.data?.find((row) => row.currencyId === currencyId)?.userAmt ?? null;
}
