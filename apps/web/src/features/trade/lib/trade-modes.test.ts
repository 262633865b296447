import { describe, expect, it } from 'vitest';
import { modesOf, pickMode } from './trade-modes';

describe('trade modes', () => {
  it('maps SPEC §3 position types to forms in a fixed order; 3 is the coin-to-coin entry', () => {
    expect(modesOf('0/1/2/3')).toEqual({ modes: ['contract', 'spot', 'fast'], coinToCoin: true });
    expect(modesOf('2/0')).toEqual({ modes: ['spot', 'fast'], coinToCoin: false });
    expect(modesOf(' 1 ')).toEqual({ modes: ['contract'], coinToCoin: false });
    expect(modesOf('')).toEqual({ modes: [], coinToCoin: false });
    expect(modesOf('3')).toEqual({ modes: [], coinToCoin: true });
  });

  it('keeps the chosen mode when the product offers it', () => {
    expect(pickMode('fast', ['contract', 'fast'])).toBe('fast');
    expect(pickMode('spot', ['contract', 'fast'])).toBe('contract');
    expect(pickMode(null, [])).toBeNull();
  });
});
