import { account } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey, useSessionToken } from '../../../shared/api/customer-keys';

/** The assets summary in USDT (the wallet tab's total). */
export function personCenterPanelDataQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('balances', token, 'summary'),
    queryFn: ({ signal }) => call(account.personCenterPanelData, { signal }),
    enabled: token !== null,
  });
}

export function usePersonCenterPanelData() {
  return useQuery(personCenterPanelDataQuery(useSessionToken()));
}
