import { describe, expect, it } from 'vitest';
import { displayRulesOf } from '../../shared/display/display-rules';
import { compactAmount } from './format';
import { toChartTime } from './components/KlineChart';

const rules = displayRulesOf([], {});

describe('volume and turnover', () => {
  it('cuts large amounts to M, B and T with 2 decimals', () => {
    expect(compactAmount('88217477.2398553', rules)).toBe('88.21M');
    expect(compactAmount('1004983873.29', rules)).toBe('1.00B');
    expect(compactAmount('3372221', rules)).toBe('3.37M');
    expect(compactAmount('2500000000000', rules)).toBe('2.50T');
  });

  it('shows smaller amounts with the display rules', () => {
    expect(compactAmount('844.16340', rules)).toBe('844.16');
    expect(compactAmount('999999.99', rules)).toBe('999,999.99');
    expect(compactAmount(undefined, rules)).toBe('--');
  });
});

describe('chart time', () => {
  it('shifts UTC milliseconds to wall-clock seconds', () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 0);
    expect(toChartTime(ms)).toBe(ms / 1000 - new Date(ms).getTimezoneOffset() * 60);
  });
});
