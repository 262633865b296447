/**
 * New York wall-clock time without a timezone library, so results do not depend on the host's tz
 * database. US rule since 2007: daylight saving starts the second Sunday of March at 02:00 local
 * standard time (07:00 UTC) and ends the first Sunday of November at 02:00 local daylight time
 * (06:00 UTC). Earlier years get the same rule; only simulated history reaches back that far.
 *
 * A "wall-clock" value is a millisecond number whose UTC fields read as New York local time; it is
 * only ever used to take calendar fields, never as an instant.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const STANDARD_OFFSET_MS = -5 * HOUR_MS;
const DAYLIGHT_OFFSET_MS = -4 * HOUR_MS;

/** Day of month of the `ordinal`-th Sunday (1-based) of a UTC month. */
function nthSunday(year: number, monthIndex: number, ordinal: number): number {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstWeekday) % 7);
  return firstSunday + 7 * (ordinal - 1);
}

export interface DaylightSavingPeriod {
  startsAt: number;
  endsAt: number;
}

/** The UTC instants at which US daylight saving time starts and ends in `year`. */
export function usDaylightSavingPeriod(year: number): DaylightSavingPeriod {
  return {
    startsAt: Date.UTC(year, 2, nthSunday(year, 2, 2), 7),
    endsAt: Date.UTC(year, 10, nthSunday(year, 10, 1), 6),
  };
}

// Backfill converts hundreds of thousands of instants; the rule only changes per year, so remember it.
// Bounded: a year range wider than this just recomputes.
const MAXIMUM_REMEMBERED_YEARS = 400;
const periodsByYear = new Map<number, DaylightSavingPeriod>();

function periodOfYear(year: number): DaylightSavingPeriod {
  let period = periodsByYear.get(year);
  if (!period) {
    period = usDaylightSavingPeriod(year);
    if (periodsByYear.size < MAXIMUM_REMEMBERED_YEARS) periodsByYear.set(year, period);
  }
  return period;
}

const AVERAGE_GREGORIAN_YEAR_MS = 365.2425 * DAY_MS;

export function isUsDaylightSavingTime(timeMs: number): boolean {
  // An approximate year is enough: it can only be off within a day or two of New Year, when daylight
  // saving is off in both candidate years, and it avoids allocating a Date on this hot path.
  const approximateYear = 1970 + Math.floor(timeMs / AVERAGE_GREGORIAN_YEAR_MS);
  const { startsAt, endsAt } = periodOfYear(approximateYear);
  return timeMs >= startsAt && timeMs < endsAt;
}

/** Offset of New York local time from UTC at an instant: -4 h in summer, -5 h in winter. */
export function newYorkOffsetMs(timeMs: number): number {
  return isUsDaylightSavingTime(timeMs) ? DAYLIGHT_OFFSET_MS : STANDARD_OFFSET_MS;
}

export function toNewYorkWallClock(timeMs: number): number {
  return timeMs + newYorkOffsetMs(timeMs);
}

/**
 * The instant at which New York clocks read `wallClockMs`. Times inside the skipped or repeated hour
 * around 02:00 on change days resolve to one of the two readings; sessions never open or close then.
 */
export function fromNewYorkWallClock(wallClockMs: number): number {
  const assumingStandard = wallClockMs - STANDARD_OFFSET_MS;
  return isUsDaylightSavingTime(assumingStandard) ? wallClockMs - DAYLIGHT_OFFSET_MS : assumingStandard;
}
