import { describe, expect, it } from 'vitest';
import { sanitizeDecimalInput } from './decimal-input';

describe('decimal input', () => {
  it('typing: digits and one point; a comma becomes a point', () => {
    expect(sanitizeDecimalInput('1,5')).toBe('1.5');
    expect(sanitizeDecimalInput('a1.2.3')).toBe('1.23');
    expect(sanitizeDecimalInput('-5')).toBe('5');
  });
});
