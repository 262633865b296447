/**
 * Display rules of SPEC.md §5: masking of bank cards and wallet addresses, amount and percent display.
 * Everything works on strings and bigints so the browser shows the server's decimal strings exactly.
 */
import { DecimalFormatError, formatDecimal } from './decimal';

const STAR = '*';

/**
 * Bank card numbers (SPEC §5):
 * - 9 or more characters: first 4 + stars + last 4, unless `showUnmasked` (the operator switch) is on.
 * - 5 to 8 characters: first 2 + stars + last 2. SPEC ties the unmasked switch to the longer numbers
 *   only, so these stay masked whatever the switch says.
 * - 1 to 4 characters: all stars. "First 2 + last 2" would reveal every character, which is no mask.
 * - empty: empty.
 * The number of stars equals the number of hidden characters, so the shown width matches the card's
 * and a customer can tell two of their cards of different lengths apart. Characters are counted as
 * code points; spaces in the input are kept and counted as characters.
 */
export function maskBankCard(cardNumber: string, options: { showUnmasked?: boolean } = {}): string {
  const characters = Array.from(cardNumber);
  const length = characters.length;
  if (length >= 9) {
    if (options.showUnmasked) return cardNumber;
    return keepEnds(characters, 4);
  }
  if (length >= 5) return keepEnds(characters, 2);
  return STAR.repeat(length);
}

function keepEnds(characters: string[], kept: number): string {
  const hidden = characters.length - 2 * kept;
  return characters.slice(0, kept).join('') + STAR.repeat(hidden) + characters.slice(-kept).join('');
}

/** A fixed count, so the mask does not reveal the address length (and so its chain/format); 8 matches the 8 shown. */
const WALLET_MASK = STAR.repeat(8);

/**
 * Wallet addresses (SPEC §5): 8 or more characters show the first 8 followed by a fixed 8 stars, unless
 * the masking switch is disabled. Shorter ones are returned as they are (SPEC masks only 8 or more).
 */
export function maskWalletAddress(address: string, options: { maskingDisabled?: boolean } = {}): string {
  const characters = Array.from(address);
  if (options.maskingDisabled || characters.length < 8) return address;
  return characters.slice(0, 8).join('') + WALLET_MASK;
}

/** SPEC §3 app_decimal_no default, and SPEC §9 "Display decimals". */
export const DEFAULT_DISPLAY_DECIMALS = 2;

export interface AmountDisplayOptions {
  /** app_decimal_no: fractional digits shown, cut (not rounded) and padded. Default 2. */
  decimals?: number;
  /** Thousands separator ','. Default true; false when the "no thousands format" switch is on. */
  thousands?: boolean;
}

/** Display input: an optional '-', digits, optionally '.' and digits. Any length: display never overflows. */
const DISPLAY_DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Formats an amount for display (SPEC §5): decimals are CUT toward zero to `decimals` (never rounded up:
 * the screen must not show more than the customer has) and padded to exactly `decimals`; thousands are
 * separated by ',' unless switched off; negatives keep their sign, but a value cut to zero shows no sign
 * ("-0.00" never appears). Takes a decimal string, or units with their scale; never a Number.
 * A string that is not a plain decimal throws DecimalFormatError (reason 'syntax'): showing a made-up
 * number would be worse than showing none.
 */
export function formatAmount(value: string, options?: AmountDisplayOptions): string;
export function formatAmount(value: bigint, scale: number, options?: AmountDisplayOptions): string;
export function formatAmount(
  value: string | bigint,
  scaleOrOptions?: number | AmountDisplayOptions,
  maybeOptions?: AmountDisplayOptions,
): string {
  let text: string;
  let options: AmountDisplayOptions;
  if (typeof value === 'bigint') {
    if (typeof scaleOrOptions !== 'number') throw new TypeError('formatAmount(bigint) needs the scale');
    text = formatDecimal(value, scaleOrOptions);
    options = maybeOptions ?? {};
  } else {
    text = value.trim();
    options = typeof scaleOrOptions === 'object' ? scaleOrOptions : {};
  }
  const decimals = options.decimals ?? DEFAULT_DISPLAY_DECIMALS;
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`bad decimals ${decimals}`);
  return cutDecimal(text, decimals, options.thousands ?? true);
}

/**
 * Formats a rate already expressed in percent ("2.35" means 2.35 %) as "+2.35%": positives get a '+',
 * negatives keep '-', zero (including a value cut to zero) has no sign. Digits are cut like amounts,
 * and there is no thousands separator.
 */
export function formatPercent(rate: string, decimals: number = DEFAULT_DISPLAY_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`bad decimals ${decimals}`);
  const shown = cutDecimal(rate.trim(), decimals, false);
  const isZero = /^[0.]+$/.test(shown);
  return `${shown.startsWith('-') || isZero ? '' : '+'}${shown}%`;
}

function cutDecimal(text: string, decimals: number, thousands: boolean): string {
  const match = DISPLAY_DECIMAL_PATTERN.exec(text);
  if (!match) throw new DecimalFormatError(text, 'syntax');
  const [, minus, rawWhole = '0', rawFraction = ''] = match;
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const fraction = rawFraction.slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const groupedWhole = thousands ? groupThousands(whole) : whole;
  const sign = minus && !isZero ? '-' : '';
  return `${sign}${groupedWhole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** "1234567" -> "1,234,567". A loop rather than a look-ahead regex, which is quadratic on long input. */
function groupThousands(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}

/**
 * An email partly hidden, wherever one is shown (the customer's security screens and log, the support
 * console): enough to recognise it, not enough to read it off a shared screen. "trader@example.com"
 * reads "tr***@example.com"; a one- or two-letter name keeps its first letter.
 */
export function maskEmail(email: string): string {
  const stars = '***';
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.length <= 2 ? stars : `${email.slice(0, 2)}${stars}`;
  const local = email.slice(0, at);
  const kept = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${kept}${stars}${email.slice(at)}`;
}

/**
 * A login name (an email, or a phone as "area-number") partly hidden, for lists that show other
 * customers (the team) or staff screens: "tr***@example.com", "44-****5678".
 */
export function maskLogin(userAccount: string): string {
  if (userAccount.includes('@')) return maskEmail(userAccount);
  const dash = userAccount.indexOf('-');
  const area = dash > 0 ? userAccount.slice(0, dash + 1) : '';
  const number = dash > 0 ? userAccount.slice(dash + 1) : userAccount;
  if (number.length <= 4) return `${area}****`;
  return `${area}****${number.slice(-4)}`;
}
