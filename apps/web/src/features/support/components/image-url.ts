import { currentBaseUrl } from '../../../shared/api/lines';

/** An uploaded image's server path (`/uploads/<key>`) on the current line; data URLs and absolute URLs as they are. */
export function onCurrentLine(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${currentBaseUrl()}${url}`;
}
