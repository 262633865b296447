/**
 * A withdrawal channel's opening hours: a UTC window 'HH:MM-HH:MM'. No clock: the caller passes the time.
 */

const DAY_MS = 24 * 3600 * 1000;
const HOURS_PATTERN = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;
const ALWAYS_OPEN = '00:00-24:00';

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

/** Whether a window is every minute of the day, so a screen can say "always open" instead of the hours. */
export function isAlwaysOpen(openHours: string): boolean {
  return openHours.trim() === ALWAYS_OPEN;
}
