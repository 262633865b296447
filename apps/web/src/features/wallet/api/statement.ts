import { ledger, type AnswerOf } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';

export type StatementLine = AnswerOf<typeof ledger.statement>;

/** My ledger statement, newest first, for one currency or all of them. */
export function statementQuery(token: string | null, currencyId: number | null) {
  return infiniteQueryOptions({
    queryKey: customerKey('statement', token, currencyId ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      call(ledger.statement, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE, currencyId: currencyId ?? undefined },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useStatement(currencyId: number | null) {
  return useInfiniteQuery(statementQuery(useSessionToken(), currencyId));
}
