import { wallet, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type BalanceRow = AnswerOf<typeof wallet.userBalanceConvert>[number];

/** Balances per currency with their USDT value (the wallet tab, the "all" shortcuts). */
export function userBalanceConvertQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('balances', token, 'converted'),
    queryFn: ({ signal }) => call(wallet.userBalanceConvert, { signal }),
    enabled: token !== null,
  });
}

export function useUserBalanceConvert() {
  return useQuery(userBalanceConvertQuery(useSessionToken()));
}
