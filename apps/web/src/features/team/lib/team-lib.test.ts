import { describe, expect, it } from 'vitest';
import { feeReasonKey, levelRates, ratePercent, teamTabOf } from './team';

describe('team texts', () => {
  it('reads a rate as a percentage, exactly', () => {
    expect(ratePercent('0.20')).toBe('20%');
    expect(ratePercent('0.10000000')).toBe('10%');
    expect(ratePercent('0.125')).toBe('12.5%');
    expect(ratePercent('0.0005')).toBe('0.05%');
    expect(ratePercent('nope')).toBe('--');
    expect(ratePercent(undefined)).toBe('--');
  });

  it('names each level’s rate from the answer, else the published rate', () => {
    expect(levelRates(['0.25', '0.05'])).toEqual([
      { level: 1, percent: '25%' },
      { level: 2, percent: '5%' },
    ]);
    expect(levelRates(['0.25'])).toEqual([
      { level: 1, percent: '25%' },
      { level: 2, percent: '10%' },
    ]);
    expect(levelRates(undefined).map((entry) => entry.percent)).toEqual(['20%', '10%']);
  });

  it('names a fee by its reason code, or the generic reason when the app has no words for it', () => {
    const known = new Set(['reason.contract.open', 'reason.other']);
    const has = (key: string) => known.has(key);
    expect(feeReasonKey('contract.open', has)).toBe('reason.contract.open');
    expect(feeReasonKey('bibi.fill', has)).toBe('reason.other');
    expect(feeReasonKey('', has)).toBe('reason.other');
  });

  it('opens level 1 unless the address names another tab', () => {
    expect(teamTabOf(null)).toBe('level1');
    expect(teamTabOf('level2')).toBe('level2');
    expect(teamTabOf('commissions')).toBe('commissions');
    expect(teamTabOf('everything')).toBe('level1');
  });
});
