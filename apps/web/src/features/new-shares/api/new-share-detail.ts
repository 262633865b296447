import { newShares } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { OFFERS_KEY } from './keys';

/** One offer with every term, its allocation rule, the seed commitment and, after allocation, the seed. */
export function newShareDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...OFFERS_KEY, 'detail', id],
    queryFn: ({ signal }) => call(newShares.newShareDetail, { query: { id }, signal }),
  });
}

export function useNewShareDetail(id: number) {
  return useQuery(newShareDetailQuery(id));
}
