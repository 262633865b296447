import { describe, expect, it } from 'vitest';
import { formatMoney, formatRatePercent } from './format';

describe('console formatting', () => {
  it('groups money by string, keeping every digit the server sent that is not a trailing zero', () => {
    expect(formatMoney('1234567.891234567890123')).toBe('1,234,567.891234567890123');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney('999.5', 'USDT')).toBe('999.50 USDT');
    expect(formatMoney('0.00')).toBe('0.00');
    expect(formatMoney('4880.00000000')).toBe('4,880.00');
    expect(formatMoney('0.12345000')).toBe('0.12345');
    expect(formatMoney('10.00000001')).toBe('10.00000001');
    expect(formatMoney('')).toBe('—');
  });

  it('shows a fraction as a percentage without floating point', () => {
    expect(formatRatePercent('0.0010')).toBe('0.1 %');
    expect(formatRatePercent('0.02')).toBe('2 %');
    expect(formatRatePercent('1.5')).toBe('150 %');
    expect(formatRatePercent('0.123456789')).toBe('12.3456789 %');
  });
});
