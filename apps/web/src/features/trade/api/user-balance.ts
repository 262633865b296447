import { CONSTANTS, account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/trading/query-keys';

/**
 * The trade currency's balance (USDT, currency id 3: every market trades in it). Keyed under
 * ['money', token] like the wallet's queries, so a trade or a deposit refreshes it with them.
 */
export function tradeBalanceQuery(token: string | null) {
  return queryOptions({
    queryKey: ['money', token ?? 'guest', 'tradeBalance'],
    queryFn: ({ signal }) => call(account.userBalance, { query: { currencyId: CONSTANTS.usdtCurrencyId }, signal }),
    select: (rows) => rows.find((row) => row.currencyId === CONSTANTS.usdtCurrencyId) ?? rows[0] ?? null,
    enabled: token !== null,
  });
}

export function useTradeBalance() {
  return useQuery(tradeBalanceQuery(useSessionToken()));
}
