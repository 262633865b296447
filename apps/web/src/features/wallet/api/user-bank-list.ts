import { wallet, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type BankCard = AnswerOf<typeof wallet.userBankList>;

/** My bank cards (at most MAX_BANK_CARDS, so one page holds them all). */
export function userBankListQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('bankCards', token),
    queryFn: ({ signal }) =>
      call(wallet.userBankList, { query: { pageNum: 1, pageSize: wallet.MAX_BANK_CARDS }, signal }),
    select: (answer) => answer.rows,
    enabled: token !== null,
  });
}

export function useUserBankCards() {
  return useQuery(userBankListQuery(useSessionToken()));
}
