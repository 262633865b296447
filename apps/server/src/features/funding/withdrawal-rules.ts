/**
 * Pure rules of a withdrawal: the published fee schedule and the channel's opening hours. No I/O, no clock:
 * the caller passes the time in.
 */
import { HOUSE_ROUNDING, multiply, parseDecimal } from '@kestrel/domain';

/** Fee rates are fractions (0.005 = 0.5 %) with at most this many decimals. */
const FEE_RATE_SCALE = 12;
const DAY_MS = 24 * 3600 * 1000;

/**
 * fee = amount x rate, rounded up to the currency's scale (the customer pays it), plus the fixed fee.
 * Nothing outside the channel's published schedule is ever added.
 */
export function withdrawalFee(amountUnits: bigint, scale: number, feeRate: string, feeFixedUnits: bigint): bigint {
  const rate = parseDecimal(feeRate, FEE_RATE_SCALE);
  if (rate < 0n || feeFixedUnits < 0n) throw new Error(`negative fee in the schedule: ${feeRate}, ${feeFixedUnits}`);
  return multiply(amountUnits, scale, rate, FEE_RATE_SCALE, scale, HOUSE_ROUNDING.customerPays) + feeFixedUnits;
}

const HOURS_PATTERN = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** Minutes after midnight UTC of 'HH:MM-HH:MM', or null when the text is not a valid window. */
export function parseOpenHours(text: string): { from: number; to: number } | null {
  const match = HOURS_PATTERN.exec(text.trim());
  if (!match) return null;
  const [fromHour, fromMinute, toHour, toMinute] = match.slice(1).map(Number) as [number, number, number, number];
  const valid = (hour: number, minute: number) => minute < 60 && (hour < 24 || (hour === 24 && minute === 0));
  if (!valid(fromHour, fromMinute) || !valid(toHour, toMinute)) return null;
  return { from: fromHour * 60 + fromMinute, to: toHour * 60 + toMinute };
}

/**
 * Whether `now` falls inside the channel's UTC window. The start is inclusive and the end exclusive;
 * a window whose end is before its start runs over midnight ('22:00-06:00'); '00:00-24:00' is always
 * open. A window that does not parse is closed: a typo in the configuration never opens a channel.
 */
export function isWithinOpenHours(openHours: string, now: number): boolean {
  const window = parseOpenHours(openHours);
  if (!window) return false;
  const minute = Math.floor((((now % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  if (window.from === window.to) return false;
  if (window.from < window.to) return minute >= window.from && minute < window.to;
  return minute >= window.from || minute < window.to;
}

/** Midnight UTC of the day `now` falls in: the daily count resets there. */
export function startOfUtcDay(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}
