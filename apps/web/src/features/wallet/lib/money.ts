/**
 * The money screens' reading of the wire: configured decimals, amount checks and the withdrawal fee
 * preview. The rules themselves (amount format, limits, fee schedule, opening hours) are
 * @kestrel/domain's, the same functions the server refuses with, so the preview shows the figures the
 * server will book. What lives here is only how the screens read the channel texts (leniently: an
 * unreadable configuration gives no check or preview rather than a guess) and which state a field is
 * in. No Number ever holds money here. The server still checks everything: these only tell the
 * customer early.
 */
import { CONSTANTS } from '@kestrel/contract/web';
import {
  checkAmountLimits,
  DecimalFormatError,
  formatDecimal,
  isWithinOpenHours,
  parseCustomerAmount,
  parseDecimal,
  parseOpenHours,
  rescale,
  withdrawalFee,
  WithdrawalScheduleError,
  type Problem,
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

/** A problem to show under a field: the language key the server would answer with, and its parameters. */
export interface AmountProblem {
  key: `error.${string}`;
  params?: Record<string, string | number>;
}

/** A domain problem as the key the server refuses with (`error.<code>`) and its parameters. */
export function amountProblemOf(found: Problem<string>): AmountProblem {
  return { key: `error.${found.code}`, params: found.params };
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
 * A configured maximum as the screens read it: absent, unreadable or zero is "none". The server reads
 * a zero maximum of a deposit or withdrawal channel as zero; no channel is configured so.
 */
export function maximumUnits(text: string | null | undefined, scale: number): bigint | null {
  const maximum = configuredUnits(text, scale);
  return maximum !== null && maximum > 0n ? maximum : null;
}

/**
 * Checks what the customer typed: a plain positive decimal with at most `scale` decimals (never
 * rounded), inside the limits (the domain's rules, the server's keys), then the available balance.
 */
export function checkAmount(text: string, scale: number, limits: AmountLimits = {}): AmountCheck {
  if (text.trim() === '') return { state: 'empty' };
  const amount = parseCustomerAmount(text, scale);
  if (amount.problem) return { state: 'invalid', problem: amountProblemOf(amount.problem) };
  const outside = checkAmountLimits(amount.units, scale, {
    minimum: configuredUnits(limits.min, scale),
    maximum: maximumUnits(limits.max, scale),
  });
  if (outside) return { state: 'invalid', problem: amountProblemOf(outside) };
  const available = configuredUnits(limits.available, scale);
  if (available !== null && amount.units > available) {
    return { state: 'invalid', problem: { key: 'error.insufficient_balance' } };
  }
  return { state: 'valid', units: amount.units };
}

/** A configured decimal without trailing zeros ("10.00" -> "10"), for messages. */
export function plain(text: string | null | undefined): string {
  const value = parseConfigured(text);
  return value ? formatDecimal(value.units, value.scale, { trimZeros: true }) : (text ?? '');
}

export interface WithdrawalPreview {
  /** amount x feeRate rounded up to the currency's scale, plus the fixed fee. */
  fee: bigint;
  /** amount - fee: what leaves the platform. Not positive means the fee eats the amount. */
  net: bigint;
}

/** The published fee schedule applied to an amount (the domain's withdrawalFee, the server's). Null when the schedule is unreadable. */
export function withdrawalPreview(
  amountUnits: bigint,
  scale: number,
  schedule: { feeRate: string; feeFixed: string },
): WithdrawalPreview | null {
  const fixed = configuredUnits(schedule.feeFixed, scale);
  if (fixed === null) return null;
  try {
    const fee = withdrawalFee(amountUnits, scale, schedule.feeRate, fixed);
    return { fee, net: amountUnits - fee };
  } catch (error) {
    if (error instanceof DecimalFormatError || error instanceof WithdrawalScheduleError) return null;
    throw error;
  }
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

/**
 * A formatted amount with the zeros past `keep` decimals dropped: a coin shows its own precision when it
 * has digits there ("0.0042 BTC") but not a row of zeros ("0.00", never "0.00000000"). Works on the
 * display text (thousands separators and a sign pass through untouched).
 */
export function trimZerosBeyond(text: string, keep: number): string {
  const match = /^(.*\.\d*?)(0+)$/.exec(text);
  if (!match) return text;
  const [, kept = '', zeros = ''] = match;
  const decimals = kept.length - kept.indexOf('.') - 1;
  const restore = Math.max(0, keep - decimals);
  const trimmed = `${kept}${zeros.slice(0, restore)}`;
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/**
 * Whether a channel's UTC window is open at `now`, by the domain's rule (the server's: start inclusive,
 * end exclusive, over midnight, '00:00-24:00' always open). Unreadable: null, so the screen says
 * nothing rather than "closed" (the server refuses such a channel).
 */
export function isOpenAt(openHours: string, now: number): boolean | null {
  if (parseOpenHours(openHours) === null) return null;
  return isWithinOpenHours(openHours, now);
}

/** Whether a window is every hour of the day (the domain's rule, re-exported beside isOpenAt for the screens). */
export { isAlwaysOpen } from '@kestrel/domain';
