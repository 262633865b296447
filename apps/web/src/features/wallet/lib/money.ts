/**
 * Money arithmetic of the money screens: amount checks, the withdrawal fee preview and the exchange
 * preview. Everything is bigint fixed-point from @kestrel/domain with the house rounding the server
 * uses (DESIGN.md §2: what the customer pays rounds up, what they receive rounds down), so the preview
 * shows the figures the server will book. No Number ever holds money here. The server still checks
 * everything: these only tell the customer early.
 */
import { CONSTANTS } from '@kestrel/contract';
import {
  DecimalFormatError,
  HOUSE_ROUNDING,
  formatDecimal,
  multiply,
  parseDecimal,
  parsePositiveAmount,
  rescale,
} from '@kestrel/domain';

/** A decimal at exactly the precision it was written with ("0.005" is 5 at scale 3). */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

/** Parses a configured decimal (rate, fee, limit) at its own precision; null when it is not one. */
export function parseConfigured(text: string | null | undefined): ScaledDecimal | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  const fraction = /\.(\d+)$/.exec(trimmed)?.[1] ?? '';
  const scale = Math.min(fraction.replace(/0+$/, '').length, 36);
  try {
    return { units: parseDecimal(trimmed, scale), scale };
  } catch {
    return null;
  }
}

/** A configured amount at a currency's scale; rounded up if it carries more decimals (a bound or fee is never understated). */
export function configuredUnits(text: string | null | undefined, scale: number): bigint | null {
  const value = parseConfigured(text);
  if (!value) return null;
  return rescale(value.units, value.scale, scale, 'up');
}

/** A customer's amount problem, as the language key the server would answer with (and its parameters). */
export interface AmountProblem {
  key:
    | 'error.amount_invalid'
    | 'error.amount_not_positive'
    | 'error.amount_precision'
    | 'error.amount_below_minimum'
    | 'error.amount_above_maximum'
    | 'error.insufficient_balance';
  params?: Record<string, string | number>;
}

export type AmountCheck =
  { state: 'empty' } | { state: 'invalid'; problem: AmountProblem } | { state: 'valid'; units: bigint };

export interface AmountLimits {
  /** Inclusive minimum, a configured decimal string. */
  min?: string | null;
  /** Inclusive maximum; "0" or absent means none. */
  max?: string | null;
  /** What the customer has available, a decimal string. */
  available?: string | null;
}

/**
 * Checks what the customer typed: a plain positive decimal with at most `scale` decimals (never
 * rounded), inside the limits and the available balance.
 */
export function checkAmount(text: string, scale: number, limits: AmountLimits = {}): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { state: 'empty' };
  let units: bigint;
  try {
    units = parsePositiveAmount(trimmed, scale);
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'sign' || trimmed.startsWith('-')) {
      return { state: 'invalid', problem: { key: 'error.amount_not_positive' } };
    }
    if (error.reason === 'precision') {
      return { state: 'invalid', problem: { key: 'error.amount_precision', params: { decimals: scale } } };
    }
    return { state: 'invalid', problem: { key: 'error.amount_invalid' } };
  }
  const minimum = configuredUnits(limits.min, scale);
  if (minimum !== null && units < minimum) {
    return { state: 'invalid', problem: { key: 'error.amount_below_minimum', params: { min: plain(limits.min) } } };
  }
  const maximum = configuredUnits(limits.max, scale);
  if (maximum !== null && maximum > 0n && units > maximum) {
    return { state: 'invalid', problem: { key: 'error.amount_above_maximum', params: { max: plain(limits.max) } } };
  }
  const available = configuredUnits(limits.available, scale);
  if (available !== null && units > available) {
    return { state: 'invalid', problem: { key: 'error.insufficient_balance' } };
  }
  return { state: 'valid', units };
}

/** A configured decimal without trailing zeros ("10.00" -> "10"), for messages. */
export function plain(text: string | null | undefined): string {
  const value = parseConfigured(text);
  return value ? formatDecimal(value.units, value.scale, { trimZeros: true }) : (text ?? '');
}

/**
 * What an amount field accepts while typing: digits and one decimal point (a decimal comma becomes a
 * point). Nothing is cut: an over-precise amount is shown as an error, not silently changed.
 */
export function sanitizeAmountInput(raw: string): string {
  const text = raw.replace(/[,\u066B]/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text.slice(0, 40);
  return (text.slice(0, point + 1) + text.slice(point + 1).replace(/\./g, '')).slice(0, 40);
}

/** Fee rates of withdrawal channels are fractions with at most this many decimals (as the server reads them). */
const FEE_RATE_SCALE = 12;

export interface WithdrawalPreview {
  /** amount x feeRate rounded up to the currency's scale, plus the fixed fee. */
  fee: bigint;
  /** amount - fee: what leaves the platform. Not positive means the fee eats the amount. */
  net: bigint;
}

/** The published fee schedule applied to an amount (the server's formula, to the unit). Null when the schedule is unreadable. */
export function withdrawalPreview(
  amountUnits: bigint,
  scale: number,
  schedule: { feeRate: string; feeFixed: string },
): WithdrawalPreview | null {
  let rate: bigint;
  try {
    rate = parseDecimal(schedule.feeRate, FEE_RATE_SCALE);
  } catch {
    return null;
  }
  const fixed = configuredUnits(schedule.feeFixed, scale);
  if (fixed === null || rate < 0n || fixed < 0n) return null;
  const fee = multiply(amountUnits, scale, rate, FEE_RATE_SCALE, scale, HOUSE_ROUNDING.customerPays) + fixed;
  return { fee, net: amountUnits - fee };
}

export interface ExchangePreview {
  /** amount x rate, rounded down to the target scale. */
  converted: bigint;
  /** converted x fee rate, rounded up. */
  fee: bigint;
  /** converted - fee: what is credited. */
  received: bigint;
}

/**
 * The exchange quote, exactly as the server computes it: each product rounded once from the exact
 * value (converted down, fee up). Null when the published rate or fee rate is unreadable.
 */
export function exchangePreview(input: {
  amountUnits: bigint;
  fromScale: number;
  toScale: number;
  rate: string;
  feeRate: string;
}): ExchangePreview | null {
  const rate = parseConfigured(input.rate);
  const feeRate = parseConfigured(input.feeRate);
  if (!rate || !feeRate || rate.units <= 0n || feeRate.units < 0n) return null;
  const converted = multiply(
    input.amountUnits,
    input.fromScale,
    rate.units,
    rate.scale,
    input.toScale,
    HOUSE_ROUNDING.customerReceives,
  );
  const fee = multiply(
    converted,
    input.toScale,
    feeRate.units,
    feeRate.scale,
    input.toScale,
    HOUSE_ROUNDING.customerPays,
  );
  return { converted, fee, received: converted - fee };
}

/** A fraction as a percent string, exactly: "0.001" -> "0.1", "0.005" -> "0.5", "0" -> "0". */
export function fractionToPercent(fraction: string): string {
  const value = parseConfigured(fraction);
  if (!value) return fraction;
  if (value.scale >= 2) return formatDecimal(value.units, value.scale - 2, { trimZeros: true });
  return formatDecimal(value.units * 10n ** BigInt(2 - value.scale), 0);
}

/** The shape of a platform currency these rules need. */
export interface CurrencyLike {
  id: number;
  currencyType: number;
  scale: number;
}

/**
 * How many decimals a currency's amounts show. Fiat and USDT (the house's unit of account) follow
 * app_decimal_no (SPEC §5); other crypto coins show their own scale, so 0.0042 BTC never reads as 0.00.
 * Digits are always cut, never rounded up.
 */
export function displayDecimalsOf(currency: CurrencyLike | undefined, appDecimals: number): number {
  if (!currency) return appDecimals;
  if (currency.currencyType === 0 || currency.id === CONSTANTS.usdtCurrencyId) return appDecimals;
  return Math.max(appDecimals, Math.min(currency.scale, 8));
}

const DAY_MS = 24 * 3600 * 1000;
const HOURS_PATTERN = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/**
 * Whether a channel's UTC window ('HH:MM-HH:MM', possibly over midnight) is open at `now`, by the
 * server's rule (start inclusive, end exclusive, '00:00-24:00' always open). Unreadable: null.
 */
export function isOpenAt(openHours: string, now: number): boolean | null {
  const match = HOURS_PATTERN.exec(openHours.trim());
  if (!match) return null;
  const [fromHour, fromMinute, toHour, toMinute] = match.slice(1).map(Number) as [number, number, number, number];
  const from = fromHour * 60 + fromMinute;
  const to = toHour * 60 + toMinute;
  if (from === to) return false;
  const minute = Math.floor((((now % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  if (from < to) return minute >= from && minute < to;
  return minute >= from || minute < to;
}

/** Whether a configured window is every hour of the day. */
export function isAlwaysOpen(openHours: string): boolean {
  return openHours.trim() === '00:00-24:00';
}
