import { describe, expect, it } from 'vitest';
import { DEFERRED_ENGLISH_SETS, englishSubset } from '../../../../../packages/contract/src/i18n/english-sets';

describe('English packs split by set', () => {
  const pack = {
    'tab.home': 'Home',
    'wallet.fee': 'Fee',
    'reason.other': 'Other',
    'bank.name': 'Bank',
    'error.x': 'X',
    'neterr.title': 'Lost',
  };
  it('core leaves out every deferred namespace; a set holds only its own', () => {
    expect(englishSubset(pack, 'core')).toEqual({ 'tab.home': 'Home', 'neterr.title': 'Lost' });
    expect(englishSubset(pack, 'errors')).toEqual({ 'error.x': 'X' });
    expect(englishSubset(pack, 'money')).toEqual({ 'wallet.fee': 'Fee', 'reason.other': 'Other', 'bank.name': 'Bank' });
    const all = {
      ...englishSubset(pack, 'core'),
      ...Object.keys(DEFERRED_ENGLISH_SETS).reduce((merged, set) => ({ ...merged, ...englishSubset(pack, set) }), {}),
    };
    expect(all).toEqual(pack);
  });

  it('refuses a set it does not know', () => {
    expect(() => englishSubset(pack, 'nope')).toThrow(/unknown English set/);
  });
});
