import { messages } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { messageKey } from './keys';

/** `siteMessage/list`: my messages, newest first, page by page, each with its read flag. */
export function siteMessageListQuery(token: string | null) {
  return infiniteQueryOptions({
    queryKey: messageKey(token, 'list'),
    queryFn: ({ pageParam, signal }) =>
      call(messages.siteMessageList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE, unreadOnly: 0 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useSiteMessages() {
  return useInfiniteQuery(siteMessageListQuery(useSessionToken()));
}
