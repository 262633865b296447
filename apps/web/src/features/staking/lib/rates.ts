/**
 * Rates as customers read them: a fraction of the wire ("0.0010" a day) as a percentage ("0.10%"),
 * exactly (a shift of the decimal point, no Number), with at least two decimals and never fewer than
 * the rate has, so 0.125 % a day is not shown as 0.12 %.
 */
import { formatDecimal } from '@kestrel/domain';
import { parseScaled } from '../../../shared/invest/decimals';

export function percentOf(fraction: string | null | undefined, minimumDecimals = 2): string {
  const value = parseScaled(fraction);
  if (!value) return '--';
  const percent =
    value.scale >= 2
      ? formatDecimal(value.units, value.scale - 2, { trimZeros: true })
      : formatDecimal(value.units * 10n ** BigInt(2 - value.scale), 0);
  const [whole = '0', decimals = ''] = percent.split('.');
  return `${whole}.${decimals.padEnd(minimumDecimals, '0')}%`;
}
