import type { NetworkLine } from './lines';

export type LineProbe = { reachable: true; milliseconds: number } | { reachable: false };

/**
 * Round-trip time to a line's health check. A plain fetch, not the request layer: a probe that fails
 * is an answer ("unreachable"), not something to toast about.
 */
export async function probeLine(line: NetworkLine, timeoutMs = 5_000): Promise<LineProbe> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  try {
    const response = await fetch(`${line.baseUrl}/api/health`, { signal: controller.signal, cache: 'no-store' });
    if (!response.ok) return { reachable: false };
    return { reachable: true, milliseconds: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false };
  } finally {
    clearTimeout(timer);
  }
}
