import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** The pop-up notice (SPEC §3 "Pop-up info"): the first row is the one shown. */
export function popUpQuery() {
  return queryOptions({
    queryKey: ['home', 'popUp'],
    queryFn: ({ signal }) => call(launch.popUpList, { signal }),
    select: (answer) => answer.rows[0] ?? null,
    staleTime: Infinity,
  });
}

export function usePopUp() {
  return useQuery(popUpQuery());
}
