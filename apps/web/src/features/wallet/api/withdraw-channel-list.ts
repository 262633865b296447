import { launch, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type WithdrawChannel = AnswerOf<typeof launch.withdrawChannelConfigList>;

/** Withdrawal channels with their published fee schedule, limits, daily count and hours. */
export function withdrawChannelListQuery() {
  return queryOptions({
    queryKey: ['walletConfig', 'withdrawChannels'],
    queryFn: ({ signal }) => call(launch.withdrawChannelConfigList, { signal }),
    select: (answer) => answer.rows,
    staleTime: 5 * 60_000,
  });
}

export function useWithdrawChannels() {
  return useQuery(withdrawChannelListQuery());
}
