import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Site name, logo, support contacts and whether the market is simulated. Loaded at launch. */
export function siteInfoQuery() {
  return queryOptions({
    queryKey: ['platform', 'siteInfo'],
    queryFn: ({ signal }) => call(launch.getSiteInfo, { signal }),
    staleTime: Infinity,
  });
}

export function useSiteInfo() {
  return useQuery(siteInfoQuery());
}
