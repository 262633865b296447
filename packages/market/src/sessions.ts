import { DAY_MS, fromNewYorkWallClock, toNewYorkWallClock } from './newYorkTime';
import type { SessionKind } from './types';

/**
 * Trading sessions. Each kind is a run of "trading days": a window that opens at a fixed local time
 * on certain weekdays and lasts a fixed number of minutes.
 *
 * - us-equity: Mon-Fri 09:30-16:00 New York (regular hours only).
 * - crypto: every day 00:00-24:00 UTC, so always open.
 * - forex: days start 22:00 UTC Sunday to Thursday and last 24 h, so the market runs Sunday 22:00 to
 *   Friday 22:00 UTC.
 * - futures (CME Globex): days start 18:00 New York Sunday to Thursday and last 23 h, which leaves
 *   the daily 17:00-18:00 break and the weekend closed.
 *
 * Exchange holidays and early closes are deliberately not modelled: the simulator trades on them.
 * A real feed adapter reports what the venue actually did.
 */

interface SessionRule {
  zone: 'utc' | 'new-york';
  /** Local minute of the day at which a trading day opens. */
  openMinute: number;
  lengthMinutes: number;
  /** Local weekdays (0 Sunday) on which a trading day opens. */
  openWeekdays: readonly number[];
}

const RULES: Record<SessionKind, SessionRule> = {
  'us-equity': { zone: 'new-york', openMinute: 9 * 60 + 30, lengthMinutes: 390, openWeekdays: [1, 2, 3, 4, 5] },
  crypto: { zone: 'utc', openMinute: 0, lengthMinutes: 1440, openWeekdays: [0, 1, 2, 3, 4, 5, 6] },
  forex: { zone: 'utc', openMinute: 22 * 60, lengthMinutes: 1440, openWeekdays: [0, 1, 2, 3, 4] },
  futures: { zone: 'new-york', openMinute: 18 * 60, lengthMinutes: 23 * 60, openWeekdays: [0, 1, 2, 3, 4] },
};

/**
 * Seconds of open market in a year, used to turn annual volatility into per-second volatility measured
 * in trading time (252 regular US sessions of 6.5 h; 260 weekdays for forex and futures).
 */
export const SESSION_SECONDS_PER_YEAR: Record<SessionKind, number> = {
  'us-equity': 252 * 6.5 * 3600,
  crypto: 365.25 * 86_400,
  forex: 260 * 86_400,
  futures: 260 * 23 * 3600,
};

function toWall(rule: SessionRule, timeMs: number): number {
  return rule.zone === 'utc' ? timeMs : toNewYorkWallClock(timeMs);
}

function fromWall(rule: SessionRule, wallMs: number): number {
  return rule.zone === 'utc' ? wallMs : fromNewYorkWallClock(wallMs);
}

/** Weekday (0 Sunday) of a wall-clock value; 1970-01-01 was a Thursday. */
function weekdayOf(wallMs: number): number {
  return (((Math.floor(wallMs / DAY_MS) + 4) % 7) + 7) % 7;
}

/**
 * Start of the trading day that contains `timeMs`, or, while the market is closed, of the most recent
 * trading day (so on a Saturday a stock's "day" is Friday's session).
 */
export function sessionDayStart(session: SessionKind, timeMs: number): number {
  const rule = RULES[session];
  const wall = toWall(rule, timeMs);
  let dayWall = Math.floor(wall / DAY_MS) * DAY_MS + rule.openMinute * 60_000;
  if (dayWall > wall) dayWall -= DAY_MS;
  for (let step = 0; step < 7 && !rule.openWeekdays.includes(weekdayOf(dayWall)); step += 1) dayWall -= DAY_MS;
  return fromWall(rule, dayWall);
}

/** Start of the trading day after the one starting at `dayStart`. */
export function nextSessionDayStart(session: SessionKind, dayStart: number): number {
  const rule = RULES[session];
  let dayWall = toWall(rule, dayStart) + DAY_MS;
  for (let step = 0; step < 7 && !rule.openWeekdays.includes(weekdayOf(dayWall)); step += 1) dayWall += DAY_MS;
  return fromWall(rule, dayWall);
}

/** The instant the trading day starting at `dayStart` closes. */
export function sessionDayEnd(session: SessionKind, dayStart: number): number {
  const rule = RULES[session];
  return fromWall(rule, toWall(rule, dayStart) + rule.lengthMinutes * 60_000);
}

export function isSessionOpen(session: SessionKind, timeMs: number): boolean {
  return timeMs < sessionDayEnd(session, sessionDayStart(session, timeMs));
}

/** `timeMs` while the market is open, otherwise the instant it last closed. */
export function lastTradingInstant(session: SessionKind, timeMs: number): number {
  const end = sessionDayEnd(session, sessionDayStart(session, timeMs));
  return Math.min(timeMs, end);
}

const WEEK_MS = 7 * DAY_MS;
/** Saturday 1970-01-03 12:00 UTC: every session is closed at Saturday noon UTC. */
const SATURDAY_NOON_MS = 2 * DAY_MS + 12 * 3_600_000;

/** Open time in one full trading week: five trading days (no window ever spans a DST change). */
function weeklyTradingMs(session: SessionKind): number {
  return 5 * RULES[session].lengthMinutes * 60_000;
}

/**
 * Milliseconds of open market inside [from, to). Whole weeks between two Saturday noons (UTC) count
 * as one full trading week each; only the partial weeks at both ends are walked day by day.
 */
export function sessionTimeBetween(session: SessionKind, from: number, to: number): number {
  if (to <= from) return 0;
  if (session === 'crypto') return to - from;
  const firstSaturdayNoon = Math.ceil((from - SATURDAY_NOON_MS) / WEEK_MS) * WEEK_MS + SATURDAY_NOON_MS;
  const lastSaturdayNoon = Math.floor((to - SATURDAY_NOON_MS) / WEEK_MS) * WEEK_MS + SATURDAY_NOON_MS;
  if (lastSaturdayNoon - firstSaturdayNoon >= WEEK_MS) {
    const wholeWeeks = Math.round((lastSaturdayNoon - firstSaturdayNoon) / WEEK_MS);
    return (
      walkTradingDays(session, from, firstSaturdayNoon) +
      wholeWeeks * weeklyTradingMs(session) +
      walkTradingDays(session, lastSaturdayNoon, to)
    );
  }
  return walkTradingDays(session, from, to);
}

/** Open time inside [from, to) by visiting each trading day; for spans of days, not years. */
function walkTradingDays(session: SessionKind, from: number, to: number): number {
  if (to <= from) return 0;
  // One iteration per trading day in the span, plus the partial days at both ends.
  const maximumDays = Math.ceil((to - from) / DAY_MS) + 8;
  let total = 0;
  let dayStart = sessionDayStart(session, from);
  for (let day = 0; day < maximumDays && dayStart < to; day += 1) {
    const overlapStart = Math.max(dayStart, from);
    const overlapEnd = Math.min(sessionDayEnd(session, dayStart), to);
    if (overlapEnd > overlapStart) total += overlapEnd - overlapStart;
    dayStart = nextSessionDayStart(session, dayStart);
  }
  return total;
}
