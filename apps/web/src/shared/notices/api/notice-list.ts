import { messages, type AnswerOf } from '@kestrel/contract/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { nextPageOf, PAGE_SIZE } from '../../api/paging';
import { useSettingsStore } from '../../store/settings';

/** One platform notice in a list: title, the first words of its content as plain text, when published. */
export type NoticeSummary = AnswerOf<typeof messages.noticeList>;

/**
 * Platform notices are the same for every visitor but answered in the request's language, so their
 * keys carry the locale (a language switch shows them in the new language).
 */
export const noticeKey = (locale: string, ...detail: unknown[]) => ['notices', locale, ...detail];

/** `notice/list`: the published notices, newest first, page by page (the notices screen). */
export function noticeListQuery(locale: string) {
  return infiniteQueryOptions({
    queryKey: noticeKey(locale, 'list'),
    queryFn: ({ pageParam, signal }) =>
      call(messages.noticeList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 60_000,
  });
}

export function useNoticeList() {
  return useInfiniteQuery(noticeListQuery(useSettingsStore((state) => state.locale)));
}

/** The latest `count` notices (the news widget m-news). */
export function latestNoticesQuery(locale: string, count: number) {
  return queryOptions({
    queryKey: noticeKey(locale, 'latest', count),
    queryFn: ({ signal }) => call(messages.noticeList, { query: { pageNum: 1, pageSize: count }, signal }),
    select: (answer) => answer.rows,
    staleTime: 60_000,
  });
}

export function useLatestNotices(count: number) {
  return useQuery(
    latestNoticesQuery(
      useSettingsStore((state) => state.locale),
      count,
    ),
  );
}
