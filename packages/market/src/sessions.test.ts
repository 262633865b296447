import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSessionOpen,
  lastTradingInstant,
  nextSessionDayStart,
  sessionDayEnd,
  sessionDayStart,
  sessionTimeBetween,
} from './sessions';
import type { SessionKind } from './types';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const utc = (month: number, day: number, hour: number, minute = 0, year = 2026) =>
  Date.UTC(year, month - 1, day, hour, minute);

describe('us-equity session', () => {
  it('opens 09:30 and closes 16:00 New York in winter (UTC-5), before the March change', () => {
    // Friday 2026-03-06, standard time: 14:30-21:00 UTC.
    expect(isSessionOpen('us-equity', utc(3, 6, 14, 30) - 1)).toBe(false);
    expect(isSessionOpen('us-equity', utc(3, 6, 14, 30))).toBe(true);
    expect(isSessionOpen('us-equity', utc(3, 6, 21) - 1)).toBe(true);
    expect(isSessionOpen('us-equity', utc(3, 6, 21))).toBe(false);
  });

  it('opens an hour earlier in UTC on Monday 2026-03-09, the day after daylight saving starts', () => {
    expect(isSessionOpen('us-equity', utc(3, 9, 13, 30) - 1)).toBe(false);
    expect(isSessionOpen('us-equity', utc(3, 9, 13, 30))).toBe(true);
    expect(isSessionOpen('us-equity', utc(3, 9, 20) - 1)).toBe(true);
    expect(isSessionOpen('us-equity', utc(3, 9, 20))).toBe(false);
    expect(sessionDayStart('us-equity', utc(3, 9, 18))).toBe(utc(3, 9, 13, 30));
  });

  it('opens an hour later in UTC on Monday 2026-11-02, the day after daylight saving ends', () => {
    expect(sessionDayStart('us-equity', utc(10, 30, 15))).toBe(utc(10, 30, 13, 30));
    expect(isSessionOpen('us-equity', utc(11, 2, 13, 30))).toBe(false);
    expect(isSessionOpen('us-equity', utc(11, 2, 14, 30))).toBe(true);
    expect(sessionDayEnd('us-equity', utc(11, 2, 14, 30))).toBe(utc(11, 2, 21));
  });

  it('is closed at weekends, where the trading day is still Friday', () => {
    expect(isSessionOpen('us-equity', utc(11, 21, 16))).toBe(false);
    expect(isSessionOpen('us-equity', utc(11, 22, 16))).toBe(false);
    expect(sessionDayStart('us-equity', utc(11, 21, 16))).toBe(utc(11, 20, 14, 30));
    expect(sessionDayStart('us-equity', utc(11, 23, 12))).toBe(utc(11, 20, 14, 30));
    expect(nextSessionDayStart('us-equity', utc(11, 20, 14, 30))).toBe(utc(11, 23, 14, 30));
  });
});

describe('forex session', () => {
  it('closes Friday 22:00 UTC and reopens Sunday 22:00 UTC', () => {
    expect(isSessionOpen('forex', utc(11, 20, 22) - 1)).toBe(true);
    expect(isSessionOpen('forex', utc(11, 20, 22))).toBe(false);
    expect(isSessionOpen('forex', utc(11, 21, 12))).toBe(false);
    expect(isSessionOpen('forex', utc(11, 22, 22) - 1)).toBe(false);
    expect(isSessionOpen('forex', utc(11, 22, 22))).toBe(true);
    expect(isSessionOpen('forex', utc(11, 25, 3))).toBe(true);
  });

  it('starts its trading day at 22:00 UTC', () => {
    expect(sessionDayStart('forex', utc(11, 23, 10))).toBe(utc(11, 22, 22));
    expect(sessionDayStart('forex', utc(11, 24, 23))).toBe(utc(11, 24, 22));
    expect(sessionDayStart('forex', utc(11, 21, 12))).toBe(utc(11, 19, 22));
    expect(nextSessionDayStart('forex', utc(11, 19, 22))).toBe(utc(11, 22, 22));
  });
});

describe('futures session (CME Globex)', () => {
  it('pauses daily 17:00-18:00 New York', () => {
    // Wednesday 2026-11-18, standard time: the break is 22:00-23:00 UTC.
    expect(isSessionOpen('futures', utc(11, 18, 22) - 1)).toBe(true);
    expect(isSessionOpen('futures', utc(11, 18, 22))).toBe(false);
    expect(isSessionOpen('futures', utc(11, 18, 23) - 1)).toBe(false);
    expect(isSessionOpen('futures', utc(11, 18, 23))).toBe(true);
    // Summer: the break is 21:00-22:00 UTC.
    expect(isSessionOpen('futures', utc(7, 15, 21, 30))).toBe(false);
    expect(isSessionOpen('futures', utc(7, 15, 22))).toBe(true);
  });

  it('starts the trading day at 18:00 New York the evening before', () => {
    expect(sessionDayStart('futures', utc(11, 18, 15))).toBe(utc(11, 17, 23));
    expect(sessionDayStart('futures', utc(11, 18, 23, 30))).toBe(utc(11, 18, 23));
    expect(sessionDayEnd('futures', utc(11, 17, 23))).toBe(utc(11, 18, 22));
  });

  it('runs Sunday 18:00 to Friday 17:00 New York, across both 2026 changes', () => {
    expect(isSessionOpen('futures', utc(11, 20, 22) - 1)).toBe(true);
    expect(isSessionOpen('futures', utc(11, 20, 22))).toBe(false);
    expect(isSessionOpen('futures', utc(11, 21, 20))).toBe(false);
    // Sunday 2026-03-08 is the first day of daylight saving: 18:00 New York is 22:00 UTC.
    expect(isSessionOpen('futures', utc(3, 8, 22) - 1)).toBe(false);
    expect(isSessionOpen('futures', utc(3, 8, 22))).toBe(true);
    // Sunday 2026-11-01 is back on standard time: 18:00 New York is 23:00 UTC.
    expect(isSessionOpen('futures', utc(11, 1, 22, 30))).toBe(false);
    expect(isSessionOpen('futures', utc(11, 1, 23))).toBe(true);
    expect(sessionDayStart('futures', utc(11, 2, 12))).toBe(utc(11, 1, 23));
  });
});

describe('crypto session', () => {
  it('never closes and starts its day at 00:00 UTC', () => {
    expect(isSessionOpen('crypto', utc(11, 21, 3))).toBe(true);
    expect(sessionDayStart('crypto', utc(11, 21, 3))).toBe(utc(11, 21, 0));
    expect(sessionTimeBetween('crypto', utc(11, 1, 0), utc(12, 1, 0))).toBe(30 * 24 * HOUR);
  });
});

describe('trading time between two instants', () => {
  it('counts one regular week of each session from a Saturday', () => {
    const saturday = utc(11, 14, 0);
    const week = 7 * 24 * HOUR;
    expect(sessionTimeBetween('us-equity', saturday, saturday + week)).toBe(5 * 6.5 * HOUR);
    expect(sessionTimeBetween('forex', saturday, saturday + week)).toBe(5 * 24 * HOUR);
    expect(sessionTimeBetween('futures', saturday, saturday + week)).toBe(5 * 23 * HOUR);
  });

  it('matches minute-by-minute counting over spans up to three weeks, including DST weeks', () => {
    const sessions: SessionKind[] = ['us-equity', 'forex', 'futures'];
    fc.assert(
      fc.property(
        fc.constantFrom(...sessions),
        fc.integer({ min: utc(2, 20, 0) / MINUTE, max: utc(11, 20, 0) / MINUTE }),
        fc.integer({ min: 0, max: 21 * 24 * 60 }),
        (session, startMinute, lengthMinutes) => {
          const from = startMinute * MINUTE;
          const to = from + lengthMinutes * MINUTE;
          let openMinutes = 0;
          for (let time = from; time < to; time += MINUTE) if (isSessionOpen(session, time)) openMinutes += 1;
          expect(sessionTimeBetween(session, from, to)).toBe(openMinutes * MINUTE);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('finds the last trading instant while closed', () => {
    expect(lastTradingInstant('us-equity', utc(11, 21, 12))).toBe(utc(11, 20, 21));
    expect(lastTradingInstant('us-equity', utc(11, 20, 15))).toBe(utc(11, 20, 15));
    expect(lastTradingInstant('forex', utc(11, 22, 21))).toBe(utc(11, 20, 22));
  });
});
