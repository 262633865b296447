import { NO_VALUE } from './display-rules';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time on the customer's clock as "2026-11-22 14:05": the same in every language, Latin digits like
 * the amounts beside it, and unambiguous (no day/month order to guess).
 */
export function formatDateTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return NO_VALUE;
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
