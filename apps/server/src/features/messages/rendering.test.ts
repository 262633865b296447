import { describe, expect, it } from 'vitest';
import { interpolate, moneyText, priceText } from './rendering';

describe('message values', () => {
  it('shows money as a customer reads it: exact, at least two decimals, thousands separated', () => {
    expect(moneyText('300.00000000')).toBe('300.00');
    expect(moneyText('1234567.50000000')).toBe('1,234,567.50');
    expect(moneyText('0.12345600')).toBe('0.123456');
    expect(moneyText('-25.00000000')).toBe('-25.00');
    expect(moneyText('7')).toBe('7.00');
  });

  it('keeps a price’s decimals and separates its thousands', () => {
    expect(priceText('105026.47')).toBe('105,026.47');
    expect(priceText('1.16000')).toBe('1.16000');
  });

  it('fills each placeholder once, never the text a value brings', () => {
    const text = interpolate(
      'Paid {{amount}} at {{price}} {{missing}}',
      { amount: { money: '12.50000000' }, price: '{{amount}}' },
      'en',
    );
    expect(text).toBe('Paid 12.50 at {{amount}} {{missing}}');
  });
});
