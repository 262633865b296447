import { wallet, type AnswerOf } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, useSessionToken } from './money-key';

export type WalletAddress = AnswerOf<typeof wallet.userWalletAddressList>;

/** My withdrawal addresses (at most MAX_WALLET_ADDRESSES, so one page holds them all). */
export function userWalletAddressListQuery(token: string | null) {
  return queryOptions({
    queryKey: moneyKey(token, 'addresses'),
    queryFn: ({ signal }) =>
      call(wallet.userWalletAddressList, { query: { pageNum: 1, pageSize: wallet.MAX_WALLET_ADDRESSES }, signal }),
    select: (answer) => answer.rows,
    enabled: token !== null,
  });
}

export function useUserWalletAddresses() {
  return useQuery(userWalletAddressListQuery(useSessionToken()));
}
