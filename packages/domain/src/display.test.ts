import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatPercent, maskBankCard, maskLogin, maskWalletAddress } from './display';
import { DecimalFormatError, formatDecimal } from './decimal';

const numRuns = process.env.CI ? 1000 : 200;

describe('maskBankCard', () => {
  it.each([
    ['', ''],
    ['1', '*'],
    ['12', '**'],
    ['1234', '****'],
    ['12345', '12*45'],
    ['12345678', '12****78'],
    ['123456789', '1234*6789'],
    ['6222020200112233445', '6222***********3445'],
  ])('%j -> %j', (card, masked) => {
    expect(maskBankCard(card)).toBe(masked);
    expect(maskBankCard(card).length).toBe(card.length); // one star per hidden character
  });

  it('shows long numbers unmasked when the switch is on', () => {
    expect(maskBankCard('6222020200112233445', { showUnmasked: true })).toBe('6222020200112233445');
    expect(maskBankCard('123456789', { showUnmasked: true })).toBe('123456789');
  });

  it('keeps short numbers masked whatever the switch says (SPEC ties the switch to longer numbers)', () => {
    expect(maskBankCard('12345678', { showUnmasked: true })).toBe('12****78');
    expect(maskBankCard('1234', { showUnmasked: true })).toBe('****');
  });

  it('never reveals more than 8 characters of a long number', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 30 }), (card) => {
        const masked = maskBankCard(card);
        expect(masked.length).toBe(card.length);
        expect(masked.slice(0, 4)).toBe(card.slice(0, 4));
        expect(masked.slice(-4)).toBe(card.slice(-4));
        expect(masked.slice(4, -4)).toMatch(/^\*+$/);
      }),
      { numRuns },
    );
  });
});

describe('maskWalletAddress', () => {
  it.each([
    ['', ''],
    ['abc', 'abc'],
    ['1234567', '1234567'],
    ['12345678', '12345678********'],
    ['TXYZabcd1234567890efgh', 'TXYZabcd********'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', '0x529084********'],
  ])('%j -> %j', (address, masked) => {
    expect(maskWalletAddress(address)).toBe(masked);
  });

  it('the star count does not depend on the address length', () => {
    expect(maskWalletAddress('a'.repeat(9)).length).toBe(maskWalletAddress('a'.repeat(60)).length);
  });

  it('returns the address as is when masking is disabled', () => {
    expect(maskWalletAddress('TXYZabcd1234567890efgh', { maskingDisabled: true })).toBe('TXYZabcd1234567890efgh');
  });
});

describe('formatAmount', () => {
  it.each([
    ['0', {}, '0.00'],
    ['1234567.891', {}, '1,234,567.89'],
    ['1234567.899', {}, '1,234,567.89'], // cut, never rounded up
    ['999.999', {}, '999.99'],
    ['1000', {}, '1,000.00'],
    ['100', {}, '100.00'],
    ['-1234.5', {}, '-1,234.50'],
    ['-0.001', {}, '0.00'], // no "-0.00"
    ['-0', {}, '0.00'],
    ['-0.009', { decimals: 2 }, '0.00'],
    ['-0.01', {}, '-0.01'],
    ['0007.1', {}, '7.10'],
    ['1234567.891', { thousands: false }, '1234567.89'],
    ['1234567.891', { decimals: 0 }, '1,234,567'],
    ['-0.9', { decimals: 0 }, '0'],
    ['1.5', { decimals: 4 }, '1.5000'],
    ['0.12345678', { decimals: 8 }, '0.12345678'],
    ['123456789012345678901234567890123', {}, '123,456,789,012,345,678,901,234,567,890,123.00'],
    [' 12.5 ', {}, '12.50'],
  ] as const)('%j with %j -> %j', (value, options, expected) => {
    expect(formatAmount(value, options)).toBe(expected);
  });

  it('formats units with their scale', () => {
    expect(formatAmount(123456789n, 8)).toBe('1.23');
    expect(formatAmount(-123456789012n, 4, { decimals: 3 })).toBe('-12,345,678.901');
    expect(formatAmount(-1n, 8)).toBe('0.00');
    expect(formatAmount(5n, 0, { thousands: false })).toBe('5.00');
  });

  it.each(['', '1e5', '+1', '1,000', '.5', '1.', 'abc', 'NaN', '1 000'])('refuses %j', (value) => {
    expect(() => formatAmount(value)).toThrow(DecimalFormatError);
  });

  it('refuses bad decimals', () => {
    expect(() => formatAmount('1', { decimals: -1 })).toThrow(RangeError);
    expect(() => formatAmount('1', { decimals: 1.5 })).toThrow(RangeError);
  });

  it('agrees with truncation toward zero and never shows "-0"', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (units, decimals) => {
          const shown = formatAmount(units, 8, { decimals, thousands: false });
          const truncated = units / 10n ** BigInt(8 - decimals); // bigint division truncates toward zero
          expect(shown).toBe(formatDecimal(truncated, decimals));
          expect(shown).not.toMatch(/^-0(\.0*)?$/);
          const grouped = formatAmount(units, 8, { decimals });
          expect(grouped.replace(/,/g, '')).toBe(shown);
          expect(grouped).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
        },
      ),
      { numRuns },
    );
  });
});

describe('formatPercent', () => {
  it.each([
    ['2.356', 2, '+2.35%'],
    ['-1.2', 2, '-1.20%'],
    ['0', 2, '0.00%'],
    ['-0.001', 2, '0.00%'],
    ['0.001', 2, '0.00%'],
    ['12345.6', 1, '+12345.6%'],
    ['7', 0, '+7%'],
  ] as const)('%j with %i decimals -> %j', (rate, decimals, expected) => {
    expect(formatPercent(rate, decimals)).toBe(expected);
  });
  it('defaults to 2 decimals', () => {
    expect(formatPercent('3')).toBe('+3.00%');
  });
  it('refuses a non-decimal', () => {
    expect(() => formatPercent('+3')).toThrow(DecimalFormatError);
  });
});

describe('maskLogin', () => {
  it('hides most of an email or a phone login', () => {
    expect(maskLogin('trader@example.com')).toBe('tr***@example.com');
    expect(maskLogin('44-7700900123')).toBe('44-****0123');
    expect(maskLogin('1-123')).toBe('1-****');
    expect(maskLogin('7700900123')).toBe('****0123');
  });
});
