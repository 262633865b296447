import { helpCentre, type LanguageCode } from '@kestrel/contract/web';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { useSettingsStore } from '../../../shared/store/settings';
import { helpKey } from './keys';

export type HelpArticleSummary = helpCentre.HelpArticleSummary;

/**
 * `helpCenter/list`: the visible articles in the app's language, page by page; `categoryId` filters
 * (undefined: every category) and `keyword` searches titles and texts ('' : no search).
 */
export function helpListQuery(locale: LanguageCode, categoryId: number | undefined, keyword: string) {
  return infiniteQueryOptions({
    queryKey: helpKey(locale, 'list', categoryId ?? 'all', keyword),
    queryFn: ({ pageParam, signal }) =>
      call(helpCentre.helpCenterList, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE, categoryId, keyword: keyword === '' ? undefined : keyword },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // While the next search runs, the previous results stay (no flash of skeletons per keystroke).
    placeholderData: keepPreviousData,
  });
}

export function useHelpList(categoryId: number | undefined, keyword: string) {
  return useInfiniteQuery(
    helpListQuery(
      useSettingsStore((state) => state.locale),
      categoryId,
      keyword,
    ),
  );
}
