import { describe, expect, it } from 'vitest';
import { feeBoundText } from './order-form';

describe('the fee bound as shown', () => {
  it('rounds up to the digits shown, never down', () => {
    expect(feeBoundText('1.03953740', 8, 2)).toBe('1.04');
    expect(feeBoundText('1.03000000', 8, 2)).toBe('1.03');
    expect(feeBoundText('0.00000001', 8, 2)).toBe('0.01');
    expect(feeBoundText('0.00000000', 8, 2)).toBe('0.00');
  });

  it('follows the display digits the operator set', () => {
    expect(feeBoundText('0.00260000', 8, 4)).toBe('0.0026');
    expect(feeBoundText('0.00261000', 8, 4)).toBe('0.0027');
  });
});
