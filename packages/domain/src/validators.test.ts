import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isIdCardNumber,
  isInternationalPhone,
  isMainlandPhone,
  isPriceInput,
  isValidPassword,
  isVerificationCode,
} from './validators';

type Table = [string, boolean][];

function check(name: string, validator: (text: string) => boolean, table: Table): void {
  describe(name, () => {
    it.each(table)('%j -> %s', (text, expected) => {
      expect(validator(text)).toBe(expected);
    });
  });
}

check('isMainlandPhone', isMainlandPhone, [
  ['13800138000', true],
  ['19912345678', true],
  ['15000000000', true],
  ['12800138000', false], // second digit 2
  ['10800138000', false],
  ['1380013800', false], // 10 digits
  ['138001380000', false], // 12 digits
  ['23800138000', false],
  ['+8613800138000', false],
  ['138 0013 8000', false],
  ['1380013800a', false],
  ['１３８００１３８０００', false], // full-width digits
  ['', false],
  ['13800138000\n', false],
]);

check('isInternationalPhone', isInternationalPhone, [
  ['123456', true],
  ['123456789012345', true],
  ['12345', false],
  ['1234567890123456', false],
  ['+4479460000', false],
  ['7946 0000', false],
  ['', false],
  ['79460000a', false],
]);

check('isValidPassword', isValidPassword, [
  ['abcdefgh', true],
  ['abc12345', true],
  ['12345678a', true],
  ['ABCDEFGH', true],
  ['a'.repeat(200), true],
  ['abc1234', false], // 7 characters
  ['12345678', false], // no letter
  ['abcd 1234', false], // space
  ['abcd_1234', false], // symbol
  ['abcd!234', false],
  ['pässwort1', false], // non-ASCII letter
  ['', false],
]);

check('isIdCardNumber', isIdCardNumber, [
  ['110101199003074518', true],
  ['110101900307451', true],
  ['11010119900307451X', false], // SPEC says digits only
  ['11010119900307451x', false],
  ['1101011990030745', false], // 16
  ['11010119900307451', false], // 17
  ['1101011990030745181', false], // 19
  ['11010190030745', false], // 14
  ['', false],
]);

check('isPriceInput', isPriceInput, [
  ['1', true],
  ['10', true],
  ['1.5', true],
  ['1.05', true],
  ['123456.78', true],
  ['0.5', true],
  ['0.05', true],
  ['0.01', true],
  ['0', false], // a price must be positive
  ['0.0', false],
  ['0.00', false],
  ['01', false], // leading zero
  ['00.5', false],
  ['01.50', false],
  ['1.234', false], // 3 decimals
  ['1.', false],
  ['.5', false],
  ['-1', false],
  ['+1', false],
  ['1,000', false],
  ['1 000', false],
  ['1e3', false],
  ['', false],
]);

check('isVerificationCode', isVerificationCode, [
  ['123456', true],
  ['000000', true],
  ['12345', false],
  ['1234567', false],
  ['12345a', false],
  [' 123456', false],
  ['', false],
]);

check('isEmail', isEmail, [
  ['user@example.com', true],
  ['first.last+tag@sub.example.co.uk', true],
  ["o'brien@example.ie", true],
  ['user@xn--fiqs8s.xn--fiqs8s', true],
  ['a@b.io', true],
  [`${'a'.repeat(64)}@example.com`, true],
  [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`, false], // 255 characters
  [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(56)}.com`, true], // 254 characters
  [`${'a'.repeat(65)}@example.com`, false], // local part over 64
  ['user@localhost', false], // no dot in the domain
  ['user@example.c', false], // one-letter top-level domain
  ['user@example.123', false],
  ['user@-example.com', false],
  ['user@example-.com', false],
  ['user@exa_mple.com', false],
  ['user@example..com', false],
  ['.user@example.com', false],
  ['user.@example.com', false],
  ['us..er@example.com', false],
  ['user@@example.com', false],
  ['user@', false],
  ['@example.com', false],
  ['user example@example.com', false],
  ['user@example.com ', false],
  ['"quoted"@example.com', false],
  ['user@[127.0.0.1]', false],
  ['用户@example.com', false],
  ['', false],
]);
