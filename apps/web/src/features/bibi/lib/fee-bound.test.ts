import { describe, expect, it } from 'vitest';
import { feeBoundText } from './order-form';

describe('the fee bound as shown', () => {
  it('rounds up to two decimals, never down', () => {
    expect(feeBoundText('1.03953740', 8)).toBe('1.04');
    expect(feeBoundText('1.03000000', 8)).toBe('1.03');
    expect(feeBoundText('0.00000001', 8)).toBe('0.01');
    expect(feeBoundText('0.00000000', 8)).toBe('0.00');
  });
});
