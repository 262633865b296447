import { loans, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { loanKey } from './keys';

/** One of my loans with its repayments. */
export type LoanDetail = AnswerOf<typeof loans.loanOrderDetail>;

/** `loanOrder/detail`: one of my loans, its figures and its repayments. */
export function loanOrderDetailQuery(token: string | null, id: number, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: loanKey(token, 'detail', id),
    queryFn: ({ signal }) => call(loans.loanOrderDetail, { query: { id }, signal }),
    enabled: token !== null && id > 0,
    refetchInterval: refetchIntervalMs,
  });
}

/** One of my loans; `refetchIntervalMs` keeps what is owed current while a form shows it (interest accrues by the day). */
export function useLoanOrder(id: number, refetchIntervalMs?: number) {
  return useQuery(loanOrderDetailQuery(useSessionToken(), id, refetchIntervalMs));
}
