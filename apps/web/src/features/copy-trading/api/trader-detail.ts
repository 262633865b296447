import { copyTrading, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { copyKey } from './keys';

export type TraderDetail = AnswerOf<typeof copyTrading.traderDetail>;

/**
 * `copyTrade/trader/{id}`: one trader's whole record, how many positions they hold open and their last
 * closed positions. The id travels in the path; `call` fills `{id}` from the query.
 */
export function traderDetailQuery(token: string | null, traderId: number | null) {
  return queryOptions({
    queryKey: copyKey(token, 'trader', traderId),
    queryFn: ({ signal }) => call(copyTrading.traderDetail, { query: { id: traderId ?? 0 }, signal }),
    enabled: traderId !== null,
  });
}

export function useTraderDetail(traderId: number | null) {
  return useQuery(traderDetailQuery(useSessionToken(), traderId));
}
