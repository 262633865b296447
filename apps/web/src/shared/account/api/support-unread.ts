import { support } from '@kestrel/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { customerKey } from '../../api/customer-keys';

export type SupportUnread = { conversationId: number; unreadCount: number; staffReadUpTo: number };

/**
 * The unread count and the staff read mark (`customerService/unreadCount`), under its own kind: the me
 * screen's badge and the chat read one key, so marking read in the chat clears the badge at once.
 */
export const supportUnreadKey = (token: string | null) => customerKey('supportUnread', token);

/** `customerService/unreadCount`: how many support messages I have not read, and how far support has read mine. */
export function supportUnreadQuery(token: string | null) {
  return queryOptions({
    queryKey: supportUnreadKey(token),
    queryFn: ({ signal }) => call(support.customerServiceUnreadCount, { signal }),
    enabled: token !== null,
  });
}
