// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
  window.localStorage.clear();
});

/** Lines are read from the build environment when the module loads, so each case loads it afresh. */
async function loadWith(line2: string | undefined, storedLine: string | null) {
  if (line2 !== undefined) vi.stubEnv('VITE_LINE_2', line2);
  if (storedLine !== null) window.localStorage.setItem('currentLine', storedLine);
  vi.resetModules();
  const lines = await import('./lines');
  const { request } = await import('./request');
  return { ...lines, request };
}

describe('network lines (SPEC §7)', () => {
  it('has two lines named Line 1 and Line 2; line 1 is the same origin', async () => {
    const { LINES } = await loadWith(undefined, null);
    expect(LINES.map((line) => line.name)).toEqual(['Line 1', 'Line 2']);
    expect(LINES[0]?.baseUrl).toBe('');
    expect(LINES[1]?.baseUrl).toBe('');
  });

  it('defaults to line 0 and calls the same origin', async () => {
    const { currentLineIndex, request } = await loadWith('https://line2.example.com/', null);
    expect(currentLineIndex()).toBe(0);
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await request({ method: 'GET', path: '/api/switchSet/list' });
    expect(calls[0]?.url).toBe('/api/switchSet/list');
  });

  it('uses the stored currentLine, with line 2 from VITE_LINE_2 (trailing slash dropped)', async () => {
    const { currentLineIndex, request, LINES } = await loadWith('https://line2.example.com/', '1');
    expect(LINES[1]?.baseUrl).toBe('https://line2.example.com');
    expect(currentLineIndex()).toBe(1);
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await request({ method: 'GET', path: '/api/switchSet/list' });
    expect(calls[0]?.url).toBe('https://line2.example.com/api/switchSet/list');
  });

  it('falls back to line 0 for an index the build does not have', async () => {
    const { currentLineIndex } = await loadWith(undefined, '7');
    expect(currentLineIndex()).toBe(0);
  });
});
