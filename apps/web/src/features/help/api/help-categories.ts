import { helpCentre, type LanguageCode } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSettingsStore } from '../../../shared/store/settings';
import { helpKey } from './keys';

export type HelpCategory = helpCentre.HelpCategory;

/** Categories change when an operator edits them: a few minutes' cache is fresh enough. */
const HELP_STALE_MS = 5 * 60_000;

/** `helpCenter/categories`: the visible categories in the app's language, in their order. */
export function helpCategoriesQuery(locale: LanguageCode) {
  return queryOptions({
    queryKey: helpKey(locale, 'categories'),
    queryFn: ({ signal }) => call(helpCentre.helpCenterCategories, { signal }),
    staleTime: HELP_STALE_MS,
  });
}

export function useHelpCategories() {
  return useQuery(helpCategoriesQuery(useSettingsStore((state) => state.locale)));
}
