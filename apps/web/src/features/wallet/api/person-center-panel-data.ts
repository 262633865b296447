import { account } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { moneyKey, useSessionToken } from './money-key';

/** The assets summary in USDT (the wallet tab's total). */
export function personCenterPanelDataQuery(token: string | null) {
  return queryOptions({
    queryKey: moneyKey(token, 'panel'),
    queryFn: ({ signal }) => call(account.personCenterPanelData, { signal }),
    enabled: token !== null,
  });
}

export function usePersonCenterPanelData() {
  return useQuery(personCenterPanelDataQuery(useSessionToken()));
}
