import { describe, expect, it } from 'vitest';
import { sanitizeDecimalInput } from './decimal-input';

describe('decimal input', () => {
  it('typing: digits and one point; a comma becomes a point', () => {
    expect(sanitizeDecimalInput('1,5')).toBe('1.5');
    expect(sanitizeDecimalInput('a1.2.3')).toBe('1.23');
    expect(sanitizeDecimalInput('-5')).toBe('5');
  });

  it("keeps typing to digits and one point, without cutting decimals (the money screens' amounts)", () => {
    expect(sanitizeDecimalInput('1,5')).toBe('1.5');
    expect(sanitizeDecimalInput('12a.3.4')).toBe('12.34');
    expect(sanitizeDecimalInput('-7')).toBe('7');
    expect(sanitizeDecimalInput('0.123456789')).toBe('0.123456789');
    expect(sanitizeDecimalInput('٫5')).toBe('.5');
  });
});
