import type { bibi } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { choosePair } from './use-pair';

const pair = (productCode: string) => ({ productCode }) as bibi.BibiPair;
const PAIRS = [pair('X:ETHUSD'), pair('X:BTCUSD'), pair('X:SOLUSD')];

describe('which pair the exchange shows', () => {
  it('the URL first, then the selected product, then BTC, then the first pair', () => {
    expect(choosePair(PAIRS, 'X:SOLUSD', 'X:ETHUSD')?.productCode).toBe('X:SOLUSD');
    expect(choosePair(PAIRS, null, 'X:ETHUSD')?.productCode).toBe('X:ETHUSD');
    // A selected product that is not a pair (a stock) falls through to BTC.
    expect(choosePair(PAIRS, 'X:NOPE', 'AAPL')?.productCode).toBe('X:BTCUSD');
    expect(choosePair([pair('X:ETHUSD')], null, null)?.productCode).toBe('X:ETHUSD');
    expect(choosePair([], 'X:BTCUSD', null)).toBeNull();
  });
});
