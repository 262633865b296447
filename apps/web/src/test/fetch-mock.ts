import { vi } from 'vitest';

/** A fetch Response carrying a JSON envelope (or any body) with an HTTP status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

/** Replaces global fetch with `answer` and records every call. */
export function mockFetch(answer: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A fetch that never answers, and rejects like the browser when its signal aborts. */
export function hangingFetch(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
