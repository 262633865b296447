import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageConfig } from './page-config';

/** The page configuration of one page path (SPEC §4), cached per path for the session. */
export function pageConfigQuery(pagePath: string) {
  return queryOptions({
    queryKey: ['pageConfig', pagePath],
    queryFn: () => pageConfig.load(pagePath),
    staleTime: Infinity,
  });
}

export function usePageConfig(pagePath: string) {
  return useQuery(pageConfigQuery(pagePath));
}
