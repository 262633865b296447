import { describe, expect, it } from 'vitest';
import {
  formatTimeOfDay,
  parseLeverList,
  parseTradingWindows,
  TradeSettingsError,
  withinTradingWindows,
} from './trade-settings';

describe('leverage lists', () => {
  it('parses "/"-separated leverages, sorted and distinct', () => {
    expect(parseLeverList('1/2/5/10/20/50/100')).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(parseLeverList(' 10 / 1 /5/5 ')).toEqual([1, 5, 10]);
  });
  it.each(['', '/', '0', '1/x', '1.5', '2000', '-1'])('refuses %j', (text) => {
    expect(() => parseLeverList(text)).toThrow(TradeSettingsError);
  });
});

describe('trading windows', () => {
  const wednesday = (hours: number, minutes = 0) => Date.UTC(2026, 10, 18, hours, minutes);
  const windows = parseTradingWindows(
    JSON.stringify([
      { weekday: 3, from: '09:30', to: '16:00' },
      { weekday: 3, from: '20:00', to: '24:00' },
    ]),
  );

  it('follow the session when none are configured', () => {
    expect(parseTradingWindows('')).toEqual([]);
    expect(withinTradingWindows([], wednesday(3))).toBe(true);
  });
  it('include the start and exclude the end, on the right weekday', () => {
    expect(windows[0]).toEqual({ weekday: 3, fromMinute: 570, toMinute: 960 });
    expect(withinTradingWindows(windows, wednesday(9, 29))).toBe(false);
    expect(withinTradingWindows(windows, wednesday(9, 30))).toBe(true);
    expect(withinTradingWindows(windows, wednesday(15, 59))).toBe(true);
    expect(withinTradingWindows(windows, wednesday(16, 0))).toBe(false);
    expect(withinTradingWindows(windows, wednesday(23, 59))).toBe(true);
    expect(withinTradingWindows(windows, wednesday(10) + 86_400_000)).toBe(false); // Thursday
    expect(formatTimeOfDay(1440)).toBe('24:00');
  });
  it.each([
    '{}',
    '[{"weekday":7,"from":"00:00","to":"01:00"}]',
    '[{"weekday":1,"from":"10:00","to":"09:00"}]',
    '[{"weekday":1,"from":"10:60","to":"11:00"}]',
    '[{"weekday":1,"from":"9:00","to":"11:00"}]',
    JSON.stringify(Array.from({ length: 65 }, () => ({ weekday: 1, from: '00:00', to: '01:00' }))),
  ])('refuse a malformed configuration %#', (text) => {
    expect(() => parseTradingWindows(text)).toThrow(TradeSettingsError);
  });
});
