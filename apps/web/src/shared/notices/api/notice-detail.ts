import { messages, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { useSettingsStore } from '../../store/settings';
import { noticeKey } from './notice-list';

/** One notice with its content: HTML the server cleaned, shown through shared/display/rich-text. */
export type NoticeDetail = AnswerOf<typeof messages.noticeDetail>;

/** `notice/detail`: one published notice; `enabled` false keeps it idle until the notice is opened. */
export function noticeDetailQuery(locale: string, id: number) {
  return queryOptions({
    queryKey: noticeKey(locale, 'detail', id),
    queryFn: ({ signal }) => call(messages.noticeDetail, { query: { id }, signal }),
    staleTime: 5 * 60_000,
    enabled: id > 0,
  });
}

export function useNoticeDetail(id: number, enabled = true) {
  const locale = useSettingsStore((state) => state.locale);
  return useQuery({ ...noticeDetailQuery(locale, id), enabled: enabled && id > 0 });
}
