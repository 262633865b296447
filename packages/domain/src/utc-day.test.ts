import { describe, expect, it } from 'vitest';
import { startOfUtcDay } from './utc-day';

describe('the UTC day', () => {
  it('starts at 00:00 UTC', () => {
    expect(startOfUtcDay(Date.UTC(2026, 10, 18, 15, 30))).toBe(Date.UTC(2026, 10, 18));
    expect(startOfUtcDay(Date.UTC(2026, 10, 18, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 18));
    expect(startOfUtcDay(Date.UTC(2026, 10, 19))).toBe(Date.UTC(2026, 10, 19));
    expect(startOfUtcDay(Date.UTC(1969, 11, 31, 12))).toBe(Date.UTC(1969, 11, 31));
  });
});
