import { loans } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { LOAN_PRODUCTS_KEY } from './keys';

/** The most products the panel lists (the operator publishes a handful). */
const PRODUCTS_PAGE_SIZE = 50;

/** `loanProduct/list`: every loan product with every term that decides what a loan costs. */
export function loanProductListQuery() {
  return queryOptions({
    queryKey: [...LOAN_PRODUCTS_KEY, 'list'],
    queryFn: ({ signal }) =>
      call(loans.loanProductList, { query: { pageNum: 1, pageSize: PRODUCTS_PAGE_SIZE }, signal }),
    select: (answer) => answer.rows,
  });
}

export function useLoanProducts() {
  return useQuery(loanProductListQuery());
}
