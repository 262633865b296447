import { describe, expect, it } from 'vitest';
import { percentOf } from './rates';
import { checkStake, maximumStake, moneyScaleOf, productBlock } from './stake-form';
import { activeByProduct, totalsByCurrency } from './totals';

const product = {
  termDays: 30,
  dailyRate: '0.0006',
  penaltyRate: '0.02',
  minAmount: '100.00000000',
  maxAmount: '100000.00000000',
  perCustomerMax: '200000.00000000',
  quota: '5000000.00000000',
  quotaRemaining: '4990000.00000000',
  reserveUncommitted: '50000.00000000',
  acceptingOrders: true,
  closedReason: null,
  demoAllowed: 1,
};
const NOW = Date.UTC(2026, 10, 20, 12);
const context = { moneyScale: 8, customerActive: 0n, available: '5000.00000000', isDemo: false, now: NOW };

describe('stake form (decideStakingOrder, the server rule)', () => {
  it('previews a day, the term, the penalty and the maturity exactly as the server books them', () => {
    const check = checkStake('1000', product, context);
    expect(check.state).toBe('valid');
    if (check.state !== 'valid') return;
    expect(check.preview.dailyYield).toBe(60_000_000n); // 0.6 USDT
    expect(check.preview.expectedYield).toBe(1_800_000_000n); // 18 USDT
    expect(check.preview.penalty).toBe(2_000_000_000n); // 20 USDT
    expect(check.preview.maturityTime).toBe(NOW + 30 * 86_400_000);
  });

  it('refuses under the field with the server keys, in its order', () => {
    expect(checkStake('50', product, context)).toMatchObject({
      problem: { key: 'error.staking_below_minimum', params: { min: '100' } },
    });
    expect(checkStake('100001', product, { ...context, available: '999999' })).toMatchObject({
      problem: { key: 'error.staking_above_maximum', params: { max: '100000' } },
    });
    expect(checkStake('1000', product, { ...context, customerActive: 19_950_000_000_000n })).toMatchObject({
      problem: { key: 'error.staking_customer_limit', params: { remaining: '500', max: '200000' } },
    });
    expect(checkStake('1000', { ...product, reserveUncommitted: '10' }, context)).toMatchObject({
      problem: { key: 'error.staking_reserve_exhausted', params: { available: '10' } },
    });
    expect(checkStake('6000', product, context)).toMatchObject({ problem: { key: 'error.insufficient_balance' } });
    expect(checkStake('1.123456789', product, context)).toMatchObject({
      problem: { key: 'error.amount_precision', params: { decimals: 8 } },
    });
    expect(checkStake('', product, context)).toEqual({ state: 'empty' });
  });

  it('fills the most the customer can lock, bounded by the reserve cover too', () => {
    expect(maximumStake(product, context)).toBe('5000');
    expect(maximumStake(product, { ...context, available: '1000000' })).toBe('100000');
    // 30 days of 0.06 % from a reserve of 18 USDT: 1,000 USDT at most.
    const tight = { ...product, reserveUncommitted: '18.00000000' };
    const most = maximumStake(tight, context);
    expect(most).toBe('1000.00001666');
    expect(checkStake(most ?? '', tight, context).state).toBe('valid');
    expect(checkStake('1000.00001667', tight, context)).toMatchObject({
      problem: { key: 'error.staking_reserve_exhausted' },
    });
    expect(maximumStake(product, { ...context, available: '50' })).toBeNull();
  });

  it('blocks a product that takes no orders, or a demo account on real funds only', () => {
    expect(productBlock({ ...product, acceptingOrders: false, closedReason: 'paused' }, false)).toMatchObject({
      key: 'error.staking_paused',
    });
    expect(productBlock({ ...product, demoAllowed: 0 }, true)).toMatchObject({ key: 'error.staking_demo_not_allowed' });
    expect(productBlock(product, true)).toBeNull();
  });

  it('reads the money scale from the currency, else from the amounts', () => {
    expect(moneyScaleOf(product, 6)).toBe(6);
    expect(moneyScaleOf(product, undefined)).toBe(8);
  });
});

describe('rates and totals', () => {
  it('shows a fraction as a percentage exactly, never fewer than its own decimals', () => {
    expect(percentOf('0.0006')).toBe('0.06%');
    expect(percentOf('0.2190')).toBe('21.90%');
    expect(percentOf('0.00125')).toBe('0.125%');
    expect(percentOf('1')).toBe('100.00%');
    expect(percentOf('x')).toBe('--');
  });

  it('adds the active orders per currency and per product, exactly', () => {
    const order = (productId: number, buyPrice: string, accruedYield: string, expectedYield: string) =>
      ({ productId, currencyName: 'USDT', buyPrice, accruedYield, expectedYield }) as never;
    const orders = [
      order(1, '0.10000000', '0.00000001', '0.1'),
      order(2, '0.20000000', '0.00000002', '0.2'),
      order(1, '5', '0', '1'),
    ];
    expect(totalsByCurrency(orders)).toEqual([
      { currencyName: 'USDT', orders: 3, principal: '5.30000000', accrued: '0.00000003', expected: '1.3' },
    ]);
    expect(activeByProduct(orders).get(1)).toBe('5.10000000');
  });
});
