import { CONSTANTS, launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * The trade tab's default product when nothing is selected yet (a deep link or a reload): the first
 * home quote (SPEC §3), from the same home recommendations call.
 */
export function defaultProductQuery() {
  return queryOptions({
    queryKey: ['trade', 'defaultProduct'],
    queryFn: ({ signal }) =>
      call(launch.homeRecommendProductsList, {
        query: { pageNum: 1, pageSize: CONSTANTS.homeRecommendationsPageSize },
        signal,
      }),
    select: (answer) => answer.rows[0] ?? null,
  });
}

export function useDefaultProduct(enabled: boolean) {
  return useQuery({ ...defaultProductQuery(), enabled });
}
