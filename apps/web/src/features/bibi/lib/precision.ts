/**
 * How many digits an amount is shown with on the coin-to-coin screens. Every coin-to-coin figure goes
 * through one of these helpers, so a coin, a price, a USDT amount and a fee read the same everywhere.
 * The ledger keeps eight digits (platformCurrency scale), which printed rows of "0.00000000"; a customer
 * reads a coin at the step it trades in (the pair's volume step: BTC 0.00001), a price at the pair's tick,
 * and the quote currency (USDT) at the display rules' app_decimal_no. The amount formatter CUTS to the
 * digits it is given (SPEC §5), so a fee, which may be a fraction of a cent, keeps every digit charged.
 */
import { scaleOf } from './decimals';

/** The ledger's precision: no coin is ever shown finer than its balances are kept. */
export const LEDGER_DISPLAY_MAXIMUM = 8;
/** A coin whose pair is not known (yet): six digits. */
export const FALLBACK_VOLUME_DECIMALS = 6;
/** A price whose pair is not known (yet): cents. */
export const FALLBACK_PRICE_DECIMALS = 2;

/** A base coin's digits: its pair's volume step, never finer than the ledger; six while the pair is unknown. */
export function baseCoinDecimals(pair: { volumeScale: number } | undefined): number {
  return Math.min(pair?.volumeScale ?? FALLBACK_VOLUME_DECIMALS, LEDGER_DISPLAY_MAXIMUM);
}

/** A price's digits: the pair's tick; cents while the pair is unknown. */
export function priceDecimals(pair: { priceScale: number } | undefined): number {
  return Math.min(pair?.priceScale ?? FALLBACK_PRICE_DECIMALS, LEDGER_DISPLAY_MAXIMUM);
}

/**
 * A quote-currency (USDT) amount's digits: the display rules' app_decimal_no, never finer than the
 * quote currency's ledger scale.
 */
export function quoteDecimals(displayDecimals: number, quoteScale: number = LEDGER_DISPLAY_MAXIMUM): number {
  return Math.min(displayDecimals, quoteScale);
}

/**
 * A charged fee's digits: every significant digit up to the quote currency's scale (trailing zeros
 * trimmed), and at least the display digits. Cut to the display digits, a 0.0026 USDT fee would read
 * "0.00 USDT" although it was charged.
 */
export function feeDecimals(
  fee: string | null | undefined,
  displayDecimals: number,
  quoteScale: number = LEDGER_DISPLAY_MAXIMUM,
): number {
  const shown = quoteDecimals(displayDecimals, quoteScale);
  if (!fee) return shown;
  const significant = scaleOf(fee.replace(/(\.\d*?)0+$/, '$1'));
  return Math.min(Math.max(significant, shown), quoteScale);
}
