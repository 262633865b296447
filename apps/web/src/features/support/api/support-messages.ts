import { support } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import type { SupportMessage } from '../lib/timeline';
import { supportKey } from './keys';

/** Messages per history page. */
export const HISTORY_PAGE_SIZE = 30;

/**
 * The next OLDER page: before the oldest message of the last page loaded, while the pages hold fewer
 * messages than the conversation has.
 */
export function olderPageOf(
  lastPage: { rows: SupportMessage[]; total: number },
  pages: { rows: SupportMessage[] }[],
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
  const oldest = lastPage.rows[0];
  return oldest !== undefined && loaded < lastPage.total ? oldest.id : undefined;
}

/**
 * `customerService/messages`: my conversation, newest page first and older pages as the customer
 * scrolls up (`beforeId`); each page is oldest first.
 */
export function supportMessagesQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: supportKey(token, 'messages'),
    queryFn: ({ pageParam, signal }) =>
      call(support.customerServiceMessages, { query: { beforeId: pageParam, pageSize: HISTORY_PAGE_SIZE }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageOf,
    enabled: token !== null,
  });
}

export function useSupportMessages() {
  return useInfiniteQuery(supportMessagesQuery(useSessionToken()));
}

/**
 * The newest page again, outside the cache: after the phone slept or the tab was hidden the socket
 * may have missed messages; the chat merges these into what it shows.
 */
export async function fetchNewestMessages(): Promise<SupportMessage[]> {
  const page = await call(support.customerServiceMessages, { query: { pageSize: HISTORY_PAGE_SIZE } });
  return page.rows;
}
