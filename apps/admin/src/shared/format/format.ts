import dayjs from 'dayjs';

/**
 * Money as the server sent it (a decimal string), with thousands separators added by string: the
 * console never turns money into a floating-point number. Trailing zeros past two decimals go (only
 * zeros: nothing is rounded). `-1234567.5` -> `-1,234,567.50`; `4880.00000000` -> `4,880.00`;
 * `0.12345000` -> `0.12345`.
 */
export function formatMoney(value: string | null | undefined, currency?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = fraction.slice(1).replace(/0+$/, '').padEnd(2, '0');
  const text = `${sign}${grouped}.${digits}`;
  return currency ? `${text} ${currency}` : text;
}

/** An epoch-millisecond time in the operator's local time. */
export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || epochMs <= 0) return '—';
  return dayjs(epochMs).format('YYYY-MM-DD HH:mm:ss');
}

/** A rate stored as a fraction ("0.0010") shown as a percentage by moving the point, not by floats. */
export function formatRatePercent(rate: string | null | undefined): string {
  if (!rate) return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) return rate;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  return `${sign}${integer}${decimals ? `.${decimals}` : ''} %`;
}
