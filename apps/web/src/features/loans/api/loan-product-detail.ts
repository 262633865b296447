import { loans } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { LOAN_PRODUCTS_KEY } from './keys';

/** `loanProduct/detail`: one product and its terms (the apply screen). */
export function loanProductDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...LOAN_PRODUCTS_KEY, 'detail', id],
    queryFn: ({ signal }) => call(loans.loanProductDetail, { query: { id }, signal }),
    enabled: id > 0,
  });
}

export function useLoanProduct(id: number) {
  return useQuery(loanProductDetailQuery(id));
}
