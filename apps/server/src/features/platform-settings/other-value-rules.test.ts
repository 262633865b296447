import { describe, expect, it } from 'vitest';
import { RefusedError } from '../../core/errors';
import { OTHER_VALUES } from '../../seed/platform-data';
import { checkedOtherValue, otherValueRule, ruleRange } from './other-value-rules';

/** The refusal key `run` throws, or null when it accepts. */
function refusalOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof RefusedError) return error.key;
    throw error;
  }
}

describe('otherValue rules: the app layouts (issue 17)', () => {
  it('seeds home-d and me-d, values their own rules accept', () => {
    expect(OTHER_VALUES.app_home_layout).toBe('home-d');
    expect(OTHER_VALUES.app_me_layout).toBe('me-d');
    for (const key of ['app_home_layout', 'app_me_layout']) {
      expect(checkedOtherValue(otherValueRule(key), OTHER_VALUES[key]!)).toBe(OTHER_VALUES[key]);
    }
  });

  it('accepts every layout the app has and refuses any other name', () => {
    const home = otherValueRule('app_home_layout');
    for (const name of ['home-d', 'home', 'home-g', 'home-h', 'home-j', 'home-k']) {
      expect(checkedOtherValue(home, name)).toBe(name);
    }
    expect(refusalOf(() => checkedOtherValue(home, 'home-z'))).toBe('error.setting_value_invalid');
    expect(refusalOf(() => checkedOtherValue(home, 'me-d'))).toBe('error.setting_value_invalid');
    expect(refusalOf(() => checkedOtherValue(home, ''))).toBe('error.setting_value_invalid');

    const me = otherValueRule('app_me_layout');
    for (const name of ['me-d', 'me', 'me-e', 'me-f', 'me-g', 'me-h', 'me-j']) {
      expect(checkedOtherValue(me, name)).toBe(name);
    }
    expect(refusalOf(() => checkedOtherValue(me, 'home-d'))).toBe('error.setting_value_invalid');
  });

  it('shows the choices where a count shows its range, and plain text stays free', () => {
    expect(ruleRange(otherValueRule('app_me_layout'))).toBe('me-d, me, me-e, me-f, me-g, me-h, me-j');
    expect(ruleRange(otherValueRule('app_decimal_no'))).toBe('0-8');
    expect(ruleRange(otherValueRule('some_operator_text'))).toBe('');
    expect(checkedOtherValue(otherValueRule('some_operator_text'), 'anything')).toBe('anything');
  });
});
