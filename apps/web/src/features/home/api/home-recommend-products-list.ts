import { CONSTANTS, launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * Home recommendations (SPEC §7: page 1, size 50). The pattern every endpoint file follows: the query
 * options (key + fetcher, usable for prefetching) and the hook screens use.
 */
export function homeRecommendProductsQuery() {
  return queryOptions({
    queryKey: ['home', 'recommendProducts'],
    queryFn: ({ signal }) =>
      call(launch.homeRecommendProductsList, {
        query: { pageNum: 1, pageSize: CONSTANTS.homeRecommendationsPageSize },
        signal,
      }),
    select: (answer) => answer.rows,
  });
}

export function useHomeRecommendProducts() {
  return useQuery(homeRecommendProductsQuery());
}
