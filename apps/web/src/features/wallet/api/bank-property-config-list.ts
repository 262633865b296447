import { launch, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type BankProperty = AnswerOf<typeof launch.bankPropertyConfigList>;

/** The bank card form's fields (configType 0), in order, with which are required. */
export function bankPropertyConfigQuery() {
  return queryOptions({
    queryKey: ['walletConfig', 'bankProperties'],
    queryFn: ({ signal }) => call(launch.bankPropertyConfigList, { query: { configType: 0 }, signal }),
    select: (answer) => [...answer.rows].sort((a, b) => a.sort - b.sort),
    staleTime: 5 * 60_000,
  });
}

export function useBankProperties() {
  return useQuery(bankPropertyConfigQuery());
}
