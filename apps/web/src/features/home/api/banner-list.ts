import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** The banners operators publish for the home screen, in the customer's language, in order. */
export function bannerListQuery() {
  return queryOptions({
    queryKey: ['home', 'banners'],
    queryFn: ({ signal }) => call(launch.bannerList, { signal }),
    select: (answer) => answer.rows,
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery(bannerListQuery());
}
