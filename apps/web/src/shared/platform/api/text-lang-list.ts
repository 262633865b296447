import { CONSTANTS, launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** The tips set (SPEC §3 "Tips settings"), page 1 of size 30 (SPEC §7/§9). Loaded at launch. */
export function tipsQuery() {
  return queryOptions({
    queryKey: ['platform', 'tips'],
    queryFn: ({ signal }) =>
      call(launch.textLangList, { query: { pageNum: 1, pageSize: CONSTANTS.tipsPageSize }, signal }),
    staleTime: Infinity,
    select: (answer) => answer.rows,
  });
}

export function useTips() {
  return useQuery(tipsQuery());
}

/** The visible tip with this remark (e.g. 'simulated_market'), in the request's language. */
export function useTip(remark: string) {
  const query = useTips();
  return query.data?.find((tip) => tip.remark === remark && tip.contentVisibleFlag === 1);
}
