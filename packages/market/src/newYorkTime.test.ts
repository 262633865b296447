import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromNewYorkWallClock,
  isUsDaylightSavingTime,
  newYorkOffsetMs,
  toNewYorkWallClock,
  usDaylightSavingPeriod,
} from './newYorkTime';

const HOUR = 3_600_000;

describe('US daylight saving rule', () => {
  it('starts the second Sunday of March at 07:00 UTC and ends the first Sunday of November at 06:00 UTC', () => {
    expect(usDaylightSavingPeriod(2026)).toEqual({
      startsAt: Date.UTC(2026, 2, 8, 7),
      endsAt: Date.UTC(2026, 10, 1, 6),
    });
    expect(usDaylightSavingPeriod(2025)).toEqual({
      startsAt: Date.UTC(2025, 2, 9, 7),
      endsAt: Date.UTC(2025, 10, 2, 6),
    });
    expect(usDaylightSavingPeriod(2027)).toEqual({
      startsAt: Date.UTC(2027, 2, 14, 7),
      endsAt: Date.UTC(2027, 10, 7, 6),
    });
    // A year whose 1 March is a Sunday: the second Sunday is the 8th.
    expect(usDaylightSavingPeriod(2020).startsAt).toBe(Date.UTC(2020, 2, 8, 7));
  });

  it('switches exactly at the transition instants of 2026-03-08 and 2026-11-01', () => {
    const start = Date.UTC(2026, 2, 8, 7);
    const end = Date.UTC(2026, 10, 1, 6);
    expect(isUsDaylightSavingTime(start - 1)).toBe(false);
    expect(isUsDaylightSavingTime(start)).toBe(true);
    expect(isUsDaylightSavingTime(end - 1)).toBe(true);
    expect(isUsDaylightSavingTime(end)).toBe(false);
    expect(newYorkOffsetMs(start)).toBe(-4 * HOUR);
    expect(newYorkOffsetMs(end)).toBe(-5 * HOUR);
  });

  it('is off on New Year in both years even where the year is approximated', () => {
    for (let year = 1985; year <= 2100; year += 1) {
      expect(isUsDaylightSavingTime(Date.UTC(year, 0, 1) - 1)).toBe(false);
      expect(isUsDaylightSavingTime(Date.UTC(year, 0, 1))).toBe(false);
      expect(isUsDaylightSavingTime(Date.UTC(year, 6, 1))).toBe(true);
    }
  });

  it('agrees with the platform time zone database for New York hours between 2007 (when the current rule began) and 2060', () => {
    const hourFormat = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2007, 0, 1), max: Date.UTC(2060, 0, 1) }), (timeMs) => {
        const wall = new Date(toNewYorkWallClock(timeMs));
        const expected = hourFormat.format(new Date(timeMs));
        const actual = `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
        expect(actual).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('converts wall-clock times back to the instant, on both sides of a change', () => {
    expect(fromNewYorkWallClock(Date.UTC(2026, 2, 6, 9, 30))).toBe(Date.UTC(2026, 2, 6, 14, 30));
    expect(fromNewYorkWallClock(Date.UTC(2026, 2, 9, 9, 30))).toBe(Date.UTC(2026, 2, 9, 13, 30));
    expect(fromNewYorkWallClock(Date.UTC(2026, 9, 30, 16, 0))).toBe(Date.UTC(2026, 9, 30, 20, 0));
    expect(fromNewYorkWallClock(Date.UTC(2026, 10, 2, 16, 0))).toBe(Date.UTC(2026, 10, 2, 21, 0));
  });
});
