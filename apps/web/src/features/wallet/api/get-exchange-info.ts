import { launch, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type ExchangePair = AnswerOf<typeof launch.getExchangeInfo>;

/** The published exchange pairs: rate, fee rate, limits and daily count. */
export function exchangeInfoQuery() {
  return queryOptions({
    queryKey: ['walletConfig', 'exchangeInfo'],
    queryFn: ({ signal }) => call(launch.getExchangeInfo, { signal }),
    select: (answer) => answer.rows,
    staleTime: 60_000,
  });
}

export function useExchangeInfo() {
  return useQuery(exchangeInfoQuery());
}
