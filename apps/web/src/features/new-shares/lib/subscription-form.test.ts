import { describe, expect, it } from 'vitest';
import { textOf } from '../../../shared/invest/decimals';
import { affordableLots, checkLots, remainingLots, subscriptionBlock } from './subscription-form';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12);

const offer = {
  phase: 'open' as const,
  issuePrice: '12.50',
  lotSize: 100,
  maxLotsPerCustomer: 10,
  demoAllowed: 1,
  subscribeStartTime: NOW - HOUR,
  subscribeEndTime: NOW + HOUR,
  subscribedLots: 40,
};

const context = { heldLots: 0, available: '10000.00000000', isDemo: false, now: NOW };

describe('subscribe form (decideNewShareSubscription, the server rule)', () => {
  it('computes the shares and the amount frozen exactly', () => {
    const check = checkLots('3', offer, context);
    expect(check.state).toBe('valid');
    if (check.state !== 'valid') return;
    expect(check.figures.quantity).toBe(300);
    expect(textOf(check.figures.cost)).toBe('3750.00000000');
  });

  it('refuses more than the lots left with the server key and its figures', () => {
    const check = checkLots('8', offer, { ...context, heldLots: 4 });
    expect(check.state).toBe('invalid');
    if (check.state !== 'invalid') return;
    expect(check.problem).toEqual({ key: 'error.new_share_above_maximum', params: { maxLots: 10, remainingLots: 6 } });
    // The figures still show what 8 lots would cost.
    expect(check.figures?.quantity).toBe(800);
    expect(remainingLots(offer, { heldLots: 4 })).toBe(6);
  });

  it('refuses what the balance does not cover, and the max fits the balance', () => {
    const poor = { ...context, available: '2600' };
    expect(checkLots('3', offer, poor)).toMatchObject({
      state: 'invalid',
      problem: { key: 'error.insufficient_balance' },
    });
    expect(checkLots('2', offer, poor).state).toBe('valid');
    expect(affordableLots(offer, poor)).toBe(2);
    expect(affordableLots(offer, context)).toBe(8);
    expect(affordableLots(offer, { ...context, available: null })).toBe(10);
  });

  it('asks for whole lots, at least one', () => {
    expect(checkLots('', offer, context)).toEqual({ state: 'empty' });
    expect(checkLots('0', offer, context)).toMatchObject({ problem: { key: 'invest.new_shares.lots_at_least_one' } });
    expect(checkLots('1.5', offer, context)).toMatchObject({ problem: { key: 'invest.new_shares.lots_whole' } });
  });

  it('blocks the whole form: demo on a real-funds offer, a window not open, no lots left', () => {
    expect(subscriptionBlock({ ...offer, demoAllowed: 0 }, { ...context, isDemo: true })).toEqual({
      key: 'error.new_share_demo_not_allowed',
      params: {},
    });
    expect(subscriptionBlock({ ...offer, demoAllowed: 0 }, context)).toBeNull();
    const upcoming = {
      ...offer,
      phase: 'upcoming' as const,
      subscribeStartTime: NOW + HOUR,
      subscribeEndTime: NOW + 2 * HOUR,
    };
    expect(subscriptionBlock(upcoming, context)).toMatchObject({ key: 'error.new_share_not_open' });
    expect(subscriptionBlock(offer, { ...context, heldLots: 10 })).toMatchObject({
      key: 'error.new_share_above_maximum',
      params: { remainingLots: 0 },
    });
  });

  it('decides an offer the server calls open as open, whatever the phone clock says', () => {
    const late = { ...context, now: NOW + 5 * HOUR };
    expect(subscriptionBlock(offer, late)).toBeNull();
    expect(checkLots('1', offer, late).state).toBe('valid');
  });
});
