import { describe, expect, it } from 'vitest';
import { isAlwaysOpen, isWithinOpenHours, parseOpenHours } from './open-hours';

describe('opening hours', () => {
  it('UTC, start inclusive, end exclusive, over midnight, 24:00, and closed when malformed', () => {
    const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 18, hours, minutes);
    expect(isWithinOpenHours('09:00-17:00', at(9))).toBe(true);
    expect(isWithinOpenHours('09:00-17:00', at(16, 59))).toBe(true);
    expect(isWithinOpenHours('09:00-17:00', at(17))).toBe(false);
    expect(isWithinOpenHours('09:00-17:00', at(8, 59))).toBe(false);
    expect(isWithinOpenHours('00:00-24:00', at(23, 59))).toBe(true);
    expect(isWithinOpenHours('00:00-24:00', at(0))).toBe(true);
    expect(isWithinOpenHours('22:00-06:00', at(23))).toBe(true);
    expect(isWithinOpenHours('22:00-06:00', at(5, 59))).toBe(true);
    expect(isWithinOpenHours('22:00-06:00', at(6))).toBe(false);
    for (const bad of ['', '9:00-17:00', '09:00-25:00', '09:60-10:00', 'always', '10:00-10:00']) {
      expect(isWithinOpenHours(bad, at(12)), bad).toBe(false);
    }
    expect(parseOpenHours('24:00-01:00')).toEqual({ from: 1440, to: 60 });
    expect(parseOpenHours('24:30-01:00')).toBeNull();
  });

  it('a time before 1970 is still read in its own UTC day', () => {
    expect(isWithinOpenHours('09:00-17:00', Date.UTC(1969, 6, 20, 10))).toBe(true);
  });

  it('"always open" is exactly the whole day', () => {
    expect(isAlwaysOpen('00:00-24:00')).toBe(true);
    expect(isAlwaysOpen(' 00:00-24:00 ')).toBe(true);
    expect(isAlwaysOpen('09:00-17:00')).toBe(false);
  });
});
