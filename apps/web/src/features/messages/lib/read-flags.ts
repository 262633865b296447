import type { InfiniteData } from '@tanstack/react-query';
import type { SiteMessage } from '../api/types';
import { isFlagOn, OTHER_VALUE_FLAGS } from '../../../shared/platform/other-value-flags';

/** The list's cached pages, as TanStack keeps an infinite `{ rows, total }` query. */
export type MessagePages = InfiniteData<{ rows: SiteMessage[]; total: number }, unknown>;

/** The row the list already holds for `id` (shown while the detail loads), or undefined. */
export function findCachedMessage(pages: MessagePages | undefined, id: number): SiteMessage | undefined {
  for (const page of pages?.pages ?? []) {
    const row = page.rows.find((message) => message.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * The cached pages with `which` (one id, or 'all') marked read at `readTime`, so the list shows the new
 * flags without reloading its pages. The same object when nothing changes (no re-render).
 */
export function markReadInPages(
  pages: MessagePages | undefined,
  which: number | 'all',
  readTime: number,
): MessagePages | undefined {
  if (!pages) return pages;
  let changed = false;
  const next = pages.pages.map((page) => {
    let pageChanged = false;
    const rows = page.rows.map((row) => {
      if (row.readFlag === 1 || (which !== 'all' && row.id !== which)) return row;
      pageChanged = true;
      return { ...row, readFlag: 1 as const, readTime: row.readTime ?? readTime };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, rows };
  });
  return changed ? { ...pages, pages: next } : pages;
}

/** The first line of a message's plain-text content, for its row in the list. */
export function firstLine(content: string): string {
  return (
    content
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/**
 * Whether message times are shown: the otherValue setting `showMsgTime` is 1 (SPEC §3; when the server
 * has not sent it, the spec's default, 1).
 */
export function showMessageTime(otherValues: Readonly<Record<string, string>>): boolean {
  return isFlagOn(otherValues, OTHER_VALUE_FLAGS.messageTime);
}
