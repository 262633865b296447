import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { customerKey, forgetCustomerData, invalidateCustomerData } from './customer-keys';

function clientWith(keys: unknown[][]): QueryClient {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: unknown[]) =>
  queryClient.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated ?? false;

describe('customer query keys', () => {
  it('keep sessions apart: the same data of two tokens (or a guest) has two keys', () => {
    expect(customerKey('balances', 'token-a', 'userBalance')).toEqual([
      'customer',
      'balances',
      'token-a',
      'userBalance',
    ]);
    expect(customerKey('balances', 'token-a')).not.toEqual(customerKey('balances', 'token-b'));
    expect(customerKey('balances', null)).toEqual(['customer', 'balances', 'guest']);
  });

  it('invalidate exactly the kinds named, for every session', async () => {
    const balancesA = customerKey('balances', 'a', 'userBalance');
    const balancesB = customerKey('balances', 'b', 'converted');
    const statement = customerKey('statement', 'a', 'all');
    const cards = customerKey('bankCards', 'a');
    const market = ['market', 'quoteList', 0];
    const queryClient = clientWith([balancesA, balancesB, statement, cards, market]);

    await invalidateCustomerData(queryClient, 'balances', 'statement');

    expect([balancesA, balancesB, statement].map((key) => isStale(queryClient, key))).toEqual([true, true, true]);
    expect(isStale(queryClient, cards)).toBe(false);
    expect(isStale(queryClient, market)).toBe(false);
  });

  it('keep the investment records apart: a stake refreshes the staking orders and the balances only', async () => {
    const subscriptions = customerKey('subscriptions', 'a', 'all');
    const stakingOrders = customerKey('stakingOrders', 'a', 'list', 0);
    const loans = customerKey('loans', 'a', 'panel');
    const balances = customerKey('balances', 'a', 'userBalance');
    const queryClient = clientWith([subscriptions, stakingOrders, loans, balances]);

    await invalidateCustomerData(queryClient, 'balances', 'statement', 'stakingOrders');

    expect([stakingOrders, balances].map((key) => isStale(queryClient, key))).toEqual([true, true]);
    expect([subscriptions, loans].map((key) => isStale(queryClient, key))).toEqual([false, false]);
    forgetCustomerData(queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('forget every session of customer data and nothing public', () => {
    const queryClient = clientWith([
      customerKey('profile', 'a'),
      customerKey('positions', 'b', 'open'),
      ['platform', 'tips'],
    ]);

    forgetCustomerData(queryClient);

    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['platform', 'tips']]);
  });
});
