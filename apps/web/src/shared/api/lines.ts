import { useSettingsStore } from '../store/settings';

/**
 * The two network lines of SPEC §7. A line is a base URL put in front of `/api/...` and `/ws`.
 * Line 1 is the origin that served the app. Line 2 is set at build time with VITE_LINE_2
 * (for example `https://line2.example.com`); unset, it is the same origin too, so both always work.
 */
export interface NetworkLine {
  /** Shown as "Line 1" / "Line 2" (translated with me.line_n). */
  name: string;
  /** '' means the same origin. No trailing slash. */
  baseUrl: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export const LINES: readonly NetworkLine[] = [
  { name: 'Line 1', baseUrl: '' },
  { name: 'Line 2', baseUrl: withoutTrailingSlash(import.meta.env.VITE_LINE_2 ?? '') },
];

/** The stored index, clamped: a stale index from an older build must not break every call. */
export function currentLineIndex(): number {
  const index = useSettingsStore.getState().currentLine;
  return index >= 0 && index < LINES.length ? index : 0;
}

export function currentBaseUrl(): string {
  return LINES[currentLineIndex()]?.baseUrl ?? '';
}

/** The host a line points at, for display ("kestrel.example" or this page's host). */
export function lineHost(line: NetworkLine): string {
  if (line.baseUrl === '') return window.location.host;
  try {
    return new URL(line.baseUrl).host;
  } catch {
    return line.baseUrl;
  }
}

/** The current line's index for screens: re-renders when the customer switches lines. */
export function useCurrentLineIndex(): number {
  const index = useSettingsStore((state) => state.currentLine);
  return index >= 0 && index < LINES.length ? index : 0;
}
