import { describe, expect, it } from 'vitest';
import { earnedTotals, showsProgress, taskActionOf, taskStateOf } from './rewards';

describe('reward screens’ rules', () => {
  it('sends each unmet condition where the customer can meet it', () => {
    expect(taskActionOf('first_deposit')?.path).toBe('/pages/user/recharge');
    expect(taskActionOf('identity_basic')?.path).toBe('/pages/user/authentication');
    expect(taskActionOf('identity_advanced')?.path).toBe('/pages/user/authentication1');
    expect(taskActionOf('first_trade')?.path).toBe('/pages/quoteDetail/quoteDetail');
    expect(taskActionOf('invited_depositors')?.path).toBe('/pages/user/iwannashare');
    expect(taskActionOf('something_new')).toBeNull();
    expect(taskActionOf('toString')).toBeNull();
  });

  it('names the wire’s states, an unknown one as locked', () => {
    expect([0, 1, 2, 3, 9].map(taskStateOf)).toEqual(['locked', 'claimable', 'claimed', 'budgetExhausted', 'locked']);
  });

  it('shows progress for invitation tasks only', () => {
    expect(showsProgress('invited_depositors', 3)).toBe(true);
    expect(showsProgress('first_deposit', 1)).toBe(false);
  });

  it('adds what was earned per currency exactly', () => {
    expect(
      earnedTotals([
        { amount: '5', currencyName: 'USDT' },
        { amount: '0.1', currencyName: 'USDT' },
        { amount: '0.2', currencyName: 'USDT' },
        { amount: '0.00010000', currencyName: 'BTC' },
        { amount: 'oops', currencyName: 'BTC' },
      ]),
    ).toEqual([
      { currencyName: 'USDT', amount: '5.3' },
      { currencyName: 'BTC', amount: '0.00010000' },
    ]);
    expect(earnedTotals([])).toEqual([]);
  });
});
