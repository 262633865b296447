import { account, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';

export type AssetsSummary = AnswerOf<typeof account.personCenterPanelData>;

/**
 * `userInfo/personCenterPanelData`: the assets summary in USDT (total, margin in use, PnL). The same key
 * as the wallet tab's (features/wallet/api/person-center-panel-data.ts), so both read one cache entry and
 * whatever moves a balance refreshes them together.
 */
export function assetsSummaryQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('balances', token, 'summary'),
    queryFn: ({ signal }) => call(account.personCenterPanelData, { signal }),
    enabled: token !== null,
  });
}

export function useAssetsSummary() {
  return useQuery(assetsSummaryQuery(useSessionToken()));
}
