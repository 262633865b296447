import { CONSTANTS, account } from '@kestrel/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { customerKey } from '../../api/customer-keys';

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
