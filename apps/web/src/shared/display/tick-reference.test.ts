import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, parseTickReference } from './tick-reference';

describe('parseTickReference', () => {
  it('reads a published tick: product, sequence and time', () => {
    expect(parseTickReference('X:BTCUSD#1156@1795561846000')).toEqual({
      kind: 'feed',
      productCode: 'X:BTCUSD',
      seq: 1156,
      time: 1795561846000,
    });
  });

  it('reads a price rebuilt from history (no sequence)', () => {
    expect(parseTickReference('AAPL#history@1700000000000')).toEqual({
      kind: 'history',
      productCode: 'AAPL',
      seq: null,
      time: 1700000000000,
    });
  });

  it('reads an order-book fill, which carries no time', () => {
    expect(parseTickReference('bibi:BTC/USDT#42')).toEqual({
      kind: 'fill',
      productCode: 'BTC/USDT',
      seq: 42,
      time: null,
    });
  });

  it('answers null for anything else', () => {
    for (const text of [
      null,
      undefined,
      '',
      'X:BTCUSD',
      'X:BTCUSD#12',
      'X:BTCUSD#a@12',
      '#1@',
      'X#1@99999999999999999999',
    ]) {
      expect(parseTickReference(text)).toBeNull();
    }
  });
});

describe('formatTimeOfDay', () => {
  const time = new Date(2026, 10, 22, 23, 10, 4).getTime();

  it('writes the time with seconds in the customer language, Latin digits', () => {
    expect(formatTimeOfDay(time, 'en-GB')).toBe('23:10:04');
    expect(formatTimeOfDay(time, 'ar')).toMatch(/11:10:04/);
    expect(formatTimeOfDay(time, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('falls back to 24-hour figures for a tag Intl refuses', () => {
    expect(formatTimeOfDay(time, 'not a tag!')).toBe('23:10:04');
  });
});
