import { formatWithRules, type DisplayRules } from '../../shared/display/display-rules';

const UNITS = [
  { digits: 12, suffix: 'T' },
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
] as const;

/**
 * Volume and turnover: a million and up read "88.21M", "1.23B" (cut, not rounded, like every amount);
 * smaller values use the display rules with 2 decimals. Works on the decimal string, never a float.
 */
export function compactAmount(value: string | null | undefined, rules: DisplayRules): string {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value)) return formatWithRules(value, rules, 2);
  const negative = value.startsWith('-');
  const integer = (negative ? value.slice(1) : value).split('.')[0]?.replace(/^0+(?=\d)/, '') ?? '0';
  for (const unit of UNITS) {
    if (integer.length > unit.digits) {
      const whole = integer.slice(0, integer.length - unit.digits);
      const fraction = integer.slice(integer.length - unit.digits, integer.length - unit.digits + 2);
      return `${negative ? '-' : ''}${formatWithRules(`${whole}.${fraction}`, rules, 2)}${unit.suffix}`;
    }
  }
  return formatWithRules(value, rules, 2);
}
