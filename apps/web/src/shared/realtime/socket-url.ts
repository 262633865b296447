/**
 * The WebSocket address of a line: the same base as its API (SPEC §7), with ws/wss for http/https.
 * The empty base is the page's own origin.
 */
export function socketUrl(baseUrl: string, location: Pick<Location, 'href'>): string {
  const url = new URL(`${baseUrl}/ws`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
