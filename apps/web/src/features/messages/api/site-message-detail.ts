import { messages } from '@kestrel/contract/web';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { findCachedMessage } from '../lib/read-flags';
import { messageKey } from './keys';
import { siteMessageListQuery } from './site-message-list';

/**
 * `siteMessage/detail`: one of my messages. Reading it marks it read on the server, so the screen
 * updates the list's read flag and the unread count once it has arrived (lib/read-flags.ts).
 */
export function siteMessageDetailQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: messageKey(token, 'detail', id),
    queryFn: ({ signal }) => call(messages.siteMessageDetail, { query: { siteMessageId: id }, signal }),
    enabled: token !== null && id > 0,
    // One read is enough: refetching on focus would only repeat it.
    staleTime: 5 * 60_000,
  });
}

/** One message; while it loads, the row the list already holds shows in its place. */
export function useSiteMessage(id: number) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  return useQuery({
    ...siteMessageDetailQuery(token, id),
    placeholderData: () => findCachedMessage(queryClient.getQueryData(siteMessageListQuery(token).queryKey), id),
  });
}
