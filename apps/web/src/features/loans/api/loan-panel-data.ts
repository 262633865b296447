import { loans } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { loanKey } from './keys';

/** `loanOrder/userLoanPanelData`: what I owe over my active loans, and the next due time. */
export function loanPanelDataQuery(token: string | null) {
  return queryOptions({
    queryKey: loanKey(token, 'panel'),
    queryFn: ({ signal }) => call(loans.loanPanelData, { signal }),
    enabled: token !== null,
  });
}

export function useLoanPanel() {
  return useQuery(loanPanelDataQuery(useSessionToken()));
}
