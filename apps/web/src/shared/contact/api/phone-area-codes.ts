import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Phone area codes for the picker of the login, registration and self-service forms. */
export function phoneAreaCodesQuery() {
  return queryOptions({
    queryKey: ['auth', 'phoneAreaCodes'],
    queryFn: ({ signal }) => call(launch.getPhoneAreaCodeList, { signal }),
    select: (answer) => answer.rows,
    staleTime: Infinity,
  });
}

export function usePhoneAreaCodes(enabled: boolean) {
  return useQuery({ ...phoneAreaCodesQuery(), enabled });
}
