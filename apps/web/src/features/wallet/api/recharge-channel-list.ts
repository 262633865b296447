import { launch, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

export type RechargeChannel = AnswerOf<typeof launch.rechargeChannelConfigList>;

/** Deposit channels. The answer depends on the account (the demo channel is listed for demo accounts only). */
export function rechargeChannelListQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('depositChannels', token),
    queryFn: ({ signal }) => call(launch.rechargeChannelConfigList, { signal }),
    select: (answer) => answer.rows,
    staleTime: 5 * 60_000,
  });
}

export function useRechargeChannels() {
  return useQuery(rechargeChannelListQuery(useSessionToken()));
}
