import type { bibi } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { mergeTrades } from './recent-trades';

const trade = (tradeId: number, price = '100.00'): bibi.BibiTrade => ({
  tradeId,
  productCode: 'X:BTCUSD',
  price,
  volume: '0.1000',
  amount: '10.00',
  takerDirection: 0,
  marketMaker: false,
  time: tradeId,
});

describe('recent trades', () => {
  it('merges the REST list and live messages newest first, each trade once, bounded', () => {
    const rest = [trade(5), trade(4), trade(3)];
    const live = [trade(5, '101.00'), trade(6), trade(7)];
    expect(mergeTrades(rest, live).map((row) => row.tradeId)).toEqual([7, 6, 5, 4, 3]);
    expect(mergeTrades(rest, live).find((row) => row.tradeId === 5)?.price).toBe('101.00');
    expect(mergeTrades(rest, live, 2).map((row) => row.tradeId)).toEqual([7, 6]);
  });
});
