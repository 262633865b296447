import { loans } from '@kestrel/contract/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { loanKey } from './keys';

const { LOAN_STATUS } = loans;

/** `loanOrder/list`: my loans, newest first, page by page; `status` filters (undefined: all). */
export function loanOrderListQuery(token: string | null, status: number | undefined) {
  return infiniteQueryOptions({
    queryKey: loanKey(token, 'list', status ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      call(loans.loanOrderList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE, status }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useLoanOrders(status: number | undefined) {
  return useInfiniteQuery(loanOrderListQuery(useSessionToken(), status));
}

/** The most of one status the open-loans count reads (a product allows at most 100 open loans). */
const OPEN_LOANS_PAGE = 100;

/** The first page of my loans of one status (the open-loan counts and the overdue count read it). */
function statusPageQuery(token: string | null, status: number) {
  return queryOptions({
    queryKey: loanKey(token, 'open', status),
    queryFn: ({ signal }) =>
      call(loans.loanOrderList, { query: { pageNum: 1, pageSize: OPEN_LOANS_PAGE, status }, signal }),
    enabled: token !== null,
  });
}

/** How many of my active loans are overdue (0 until known). */
export function useOverdueLoans(): number {
  const active = useQuery(statusPageQuery(useSessionToken(), LOAN_STATUS.active));
  return active.data?.rows.filter((row) => row.overdue === 1).length ?? 0;
}

/**
 * How many applied or active loans I hold in `productId` (the product's `maxOpenLoans` limit), from the
 * first page of each status; undefined until both have loaded. Two plain queries rather than
 * `useQueries`, whose observer would join the first screen's vendor chunk (about 1.2 kB gzip).
 */
export function useOpenLoansIn(productId: number): number | undefined {
  const token = useSessionToken();
  const applied = useQuery(statusPageQuery(token, LOAN_STATUS.applied));
  const active = useQuery(statusPageQuery(token, LOAN_STATUS.active));
  if (applied.data === undefined || active.data === undefined) return undefined;
  return [...applied.data.rows, ...active.data.rows].filter((row) => row.loanProductId === productId).length;
}
