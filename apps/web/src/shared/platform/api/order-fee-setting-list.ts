import { launch } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/**
 * Order fee settings (SPEC §3). Rows are kept as they come; classify them with the domain's fee rules
 * (`@kestrel/domain` fees.ts) where a fee is needed, never by re-reading the remark here.
 */
export function orderFeeSettingsQuery() {
  return queryOptions({
    queryKey: ['platform', 'orderFeeSettings'],
    queryFn: ({ signal }) => call(launch.orderFeeSettingList, { signal }),
    staleTime: Infinity,
    select: (answer) => answer.rows,
  });
}

export function useOrderFeeSettings() {
  return useQuery(orderFeeSettingsQuery());
}
