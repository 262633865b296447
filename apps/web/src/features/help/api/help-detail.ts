import { helpCentre, type LanguageCode } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSettingsStore } from '../../../shared/store/settings';
import { helpKey } from './keys';

export type HelpArticle = helpCentre.HelpArticle;

/** `helpCenter/detail`: one visible article in the app's language (English when it has no text in it). */
export function helpDetailQuery(locale: LanguageCode, id: number) {
  return queryOptions({
    queryKey: helpKey(locale, 'detail', id),
    queryFn: ({ signal }) => call(helpCentre.helpCenterDetail, { query: { id }, signal }),
    // An unknown or hidden article is an answer, not a failure to retry.
    retry: false,
  });
}

export function useHelpArticle(id: number) {
  return useQuery(
    helpDetailQuery(
      useSettingsStore((state) => state.locale),
      id,
    ),
  );
}
