import { wallet, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type WalletAddress = AnswerOf<typeof wallet.userWalletAddressList>;

/** My withdrawal addresses (at most MAX_WALLET_ADDRESSES, so one page holds them all). */
export function userWalletAddressListQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('walletAddresses', token),
    queryFn: ({ signal }) =>
      call(wallet.userWalletAddressList, { query: { pageNum: 1, pageSize: wallet.MAX_WALLET_ADDRESSES }, signal }),
    select: (answer) => answer.rows,
    enabled: token !== null,
  });
}

export function useUserWalletAddresses() {
  return useQuery(userWalletAddressListQuery(useSessionToken()));
}
