import { support } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { SUPPORT_ENTRIES_KEY } from './keys';

export type SupportEntry = support.SupportEntry;

/** `customerService/list`: the live chat, then the email and web page the operator published, if any. */
export const supportEntriesQuery = queryOptions({
  queryKey: SUPPORT_ENTRIES_KEY,
  queryFn: ({ signal }) => call(support.customerServiceList, { signal }),
  staleTime: 10 * 60_000,
});

/** The ways to reach support besides this chat (email, web page). */
export function useOtherSupportEntries(): SupportEntry[] {
  const entries = useQuery(supportEntriesQuery);
  return (entries.data?.rows ?? []).filter((entry) => entry.kind !== 'chat' && entry.value !== '');
}
