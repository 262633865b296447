import { formatDecimal } from '@kestrel/domain';
import { unitsAt } from './decimals';

const pad = (value: number) => String(value).padStart(2, '0');

/** "14:05:09" on the customer's clock: trade times. */
export function formatClock(epochMs: number): string {
  const date = new Date(epochMs);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "2026-11-22 14:05:09": order and fill times, the same in every language (no day/month order to guess). */
export function formatDateTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '--';
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${formatClock(epochMs)}`;
}

/**
 * The ticker's changeRate24h is a fraction with 4 decimals ("0.0123"); ChangeRate shows percent with 2
 * ("1.23"). The same units at scale 2 are the percentage, exactly.
 */
export function fractionToPercent(fraction: string | null | undefined): string | null {
  const units = unitsAt(fraction, 4);
  return units === null ? null : formatDecimal(units, 2);
}

/** "BTC/USDT" from the pair row's names. */
export function pairName(pair: { baseCurrencyName: string; quoteCurrencyName: string }): string {
  return `${pair.baseCurrencyName}/${pair.quoteCurrencyName}`;
}

/** The base coin's image as the server publishes currency images (the letters show if it cannot load). */
export function coinImage(pair: { baseCurrencyName: string }): string {
  return `/img/currencies/${encodeURIComponent(pair.baseCurrencyName)}.svg`;
}
