import { describe, expect, it } from 'vitest';
import { checkFollowForm, maxOpenOf, refusalFieldOf, type FollowFormValues } from './follow-form';
import { initialOf, NO_FIGURE, ratioText, returnText, shareText, signPrefix, toneOf } from './record';
import { orderStateOf, relationStatusKey, sizeOf } from './relation';
import { copyPlaceOf, copyTabOf, searchOf } from './tabs';

const values = (overrides: Partial<FollowFormValues> = {}): FollowFormValues => ({
  mode: 'fixed',
  amount: '100',
  ratio: '',
  maxOpen: '5',
  stopLoss: '',
  ...overrides,
});
const context = { moneyScale: 8, available: '250.12345678', availableText: '250.12' };

describe('the record as customers read it', () => {
  it('writes a return as a signed percentage, cut to 2 decimals, and — before the first close', () => {
    expect(returnText('0.1234')).toBe('+12.34%');
    expect(returnText('-0.0512')).toBe('-5.12%');
    expect(returnText('0.12349')).toBe('+12.34%');
    expect(returnText('0')).toBe('0.00%');
    expect(returnText('2.5')).toBe('+250.00%');
    expect(returnText(null)).toBe(NO_FIGURE);
    expect(returnText('nope')).toBe(NO_FIGURE);
  });

  it('colours a figure by its sign', () => {
    expect(toneOf('0.1')).toBe('rise');
    expect(toneOf('-3.50000000')).toBe('fall');
    expect(toneOf('0.00000000')).toBe('flat');
    expect(toneOf(null)).toBe('flat');
  });

  it('writes a share exactly, trailing zeros dropped', () => {
    expect(shareText('0.6500')).toBe('65%');
    expect(shareText('0.10')).toBe('10%');
    expect(shareText('0.6667')).toBe('66.67%');
    expect(shareText(null)).toBe(NO_FIGURE);
  });

  it('writes a ratio without its trailing zeros, a gain with its plus', () => {
    expect(ratioText('0.50000000')).toBe('0.5');
    expect(ratioText('2')).toBe('2');
    expect(ratioText(null)).toBe(NO_FIGURE);
    expect(signPrefix('12.3')).toBe('+');
    expect(signPrefix('-1')).toBe('');
    expect(signPrefix('0')).toBe('');
  });

  it('takes the first letter of a name for the badge', () => {
    expect(initialOf(' alice')).toBe('A');
    expect(initialOf('محمد')).toBe('م');
    expect(initialOf('')).toBe('?');
  });
});

describe('the follow form', () => {
  it('sends a fixed amount with the open-copies limit, and the stop-loss only when given', () => {
    expect(checkFollowForm(values(), context)).toEqual({
      problems: {},
      body: { followMode: 0, followAmount: '100', maxOpenOrders: 5 },
    });
    expect(checkFollowForm(values({ amount: ' 50.5 ', stopLoss: '20' }), context).body).toEqual({
      followMode: 0,
      followAmount: '50.5',
      maxOpenOrders: 5,
      stopLossAmount: '20',
    });
  });

  it('sends a ratio in ratio mode, without checking the amount it does not use', () => {
    expect(checkFollowForm(values({ mode: 'ratio', amount: '', ratio: '0.5', maxOpen: '50' }), context)).toEqual({
      problems: {},
      body: { followMode: 1, followRatio: '0.5', maxOpenOrders: 50 },
    });
  });

  it('refuses an amount that is missing, not positive, too fine or more than the available balance', () => {
    for (const amount of ['', '0', '-1', 'abc', '1.123456789']) {
      const check = checkFollowForm(values({ amount }), context);
      expect(check.problems.amount, amount).toEqual({ key: 'error.copy_amount_invalid' });
      expect(check.body).toBeNull();
    }
    expect(checkFollowForm(values({ amount: '250.12345679' }), context).problems.amount).toEqual({
      key: 'error.copy_amount_exceeds_available',
      params: { available: '250.12' },
    });
    // Exactly the available balance is fine; an unknown balance is the server's to judge.
    expect(checkFollowForm(values({ amount: '250.12345678' }), context).problems).toEqual({});
    expect(checkFollowForm(values({ amount: '1000000' }), { ...context, available: null }).problems).toEqual({});
  });

  it('refuses a ratio outside the published range, naming the range', () => {
    const problem = { key: 'error.copy_ratio_invalid', params: { min: '0.01', max: '10' } };
    for (const ratio of ['', '0.009', '10.01', '0', 'x']) {
      expect(checkFollowForm(values({ mode: 'ratio', ratio }), context).problems.ratio, ratio).toEqual(problem);
    }
    expect(checkFollowForm(values({ mode: 'ratio', ratio: '0.01' }), context).problems).toEqual({});
    expect(checkFollowForm(values({ mode: 'ratio', ratio: '10' }), context).problems).toEqual({});
  });

  it('takes 1 to 50 open copies, whole', () => {
    expect(maxOpenOf('1')).toBe(1);
    expect(maxOpenOf('50')).toBe(50);
    for (const text of ['0', '51', '', '2.5', '-1', '1000']) expect(maxOpenOf(text), text).toBeNull();
    expect(checkFollowForm(values({ maxOpen: '51' }), context).problems.maxOpen).toEqual({
      key: 'copy.max_open_invalid',
      params: { max: 50 },
    });
  });

  it('refuses a stop-loss that is given but not a positive amount', () => {
    for (const stopLoss of ['0', '-5', 'x', '0.000000001']) {
      expect(checkFollowForm(values({ stopLoss }), context).problems.stopLoss, stopLoss).toEqual({
        key: 'error.copy_stop_loss_invalid',
      });
    }
  });

  it('shows every problem at once', () => {
    const check = checkFollowForm(values({ amount: '0', maxOpen: '0', stopLoss: '-1' }), context);
    expect(Object.keys(check.problems).sort()).toEqual(['amount', 'maxOpen', 'stopLoss']);
  });

  it('puts a server refusal under the field it is about, the rest above the button', () => {
    expect(refusalFieldOf('error.copy_amount_exceeds_available', 'fixed')).toBe('amount');
    expect(refusalFieldOf('error.copy_amount_invalid', 'fixed')).toBe('amount');
    expect(refusalFieldOf('error.copy_ratio_invalid', 'ratio')).toBe('ratio');
    expect(refusalFieldOf('error.copy_margin_too_small', 'ratio')).toBe('ratio');
    expect(refusalFieldOf('error.copy_margin_too_small', 'fixed')).toBe('amount');
    expect(refusalFieldOf('error.copy_stop_loss_invalid', 'fixed')).toBe('stopLoss');
    expect(refusalFieldOf('error.copy_max_open_orders', 'fixed')).toBe('maxOpen');
    expect(refusalFieldOf('error.copy_already_following', 'fixed')).toBe('form');
    expect(refusalFieldOf('error.copy_real_account_only', 'ratio')).toBe('form');
  });
});

describe('follows and copies', () => {
  it('names a follow’s state, and why it ended', () => {
    expect(relationStatusKey({ status: 0, endReason: null })).toBe('copy.status_active');
    expect(relationStatusKey({ status: 1, endReason: 'unfollow' })).toBe('copy.end_unfollow');
    expect(relationStatusKey({ status: 1, endReason: 'stop_loss' })).toBe('copy.end_stop_loss');
    expect(relationStatusKey({ status: 1, endReason: 'trader_stopped' })).toBe('copy.end_trader_stopped');
    expect(relationStatusKey({ status: 1, endReason: null })).toBe('copy.status_ended');
  });

  it('tells a copy’s state by words and tone, an unknown one as pending', () => {
    expect(orderStateOf('skipped')).toEqual({ key: 'copy.state_skipped', tone: 'danger' });
    expect(orderStateOf('released')).toEqual({ key: 'copy.state_released', tone: 'success' });
    expect(orderStateOf('later')).toEqual({ key: 'copy.state_pending', tone: 'warning' });
  });

  it('reads a follow’s size by its mode', () => {
    expect(sizeOf({ followMode: 0, followAmount: '100', followRatio: null })).toEqual({ mode: 'fixed', amount: '100' });
    expect(sizeOf({ followMode: 1, followAmount: null, followRatio: '0.5' })).toEqual({ mode: 'ratio', ratio: '0.5' });
  });
});

describe('the place in the address', () => {
  it('opens the traders unless the address names my follows', () => {
    expect(copyTabOf(null)).toBe('traders');
    expect(copyTabOf('following')).toBe('following');
    expect(copyTabOf('other')).toBe('traders');
  });

  it('reads the open trader and follow, and writes only what is set', () => {
    expect(copyPlaceOf(new URLSearchParams('tab=following&relation=12'))).toEqual({
      tab: 'following',
      traderId: null,
      relationId: 12,
    });
    expect(copyPlaceOf(new URLSearchParams('trader=abc')).traderId).toBeNull();
    expect(searchOf({ tab: 'traders', traderId: 3, relationId: null })).toEqual({ tab: 'traders', trader: '3' });
    expect(searchOf({ tab: 'following' })).toEqual({ tab: 'following' });
  });
});
