import { currentBaseUrl } from '../../../shared/api/lines';

/** A server path (`/uploads/...`) on the current network line; absolute URLs and '' stay as they are. */
export function onCurrentLine(url: string): string {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${currentBaseUrl()}${url}`;
}
