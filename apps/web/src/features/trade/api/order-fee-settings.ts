import { launch } from '@kestrel/contract/web';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * The order fee settings launch already loaded (shared/platform/api/order-fee-setting-list.ts): the
 * same query key and call, so this reads the same cache entry. Spelled here rather than imported
 * because importing that module from a lazy screen splits it out of the launch chunk, which costs the
 * first screen bytes it has no room for (README "Budget").
 */
export function useOrderFeeSettings() {
  return useQuery({
    queryKey: ['platform', 'orderFeeSettings'],
    queryFn: ({ signal }) => call(launch.orderFeeSettingList, { signal }),
    staleTime: Infinity,
    select: (answer) => answer.rows,
  });
}
