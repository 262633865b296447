/**
 * How the loan screens write figures: amounts by the display rules (thousands switch, digits cut, never
 * rounded up) at the currency's display decimals, rates as exact percentages (times and isolated
 * fragments: shared/display). No Number ever holds money here.
 */
import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { useCallback } from 'react';
import { formatWithRules, NO_VALUE, useDisplayRules } from '../../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';

/** A decimal at exactly the precision it was written with ("0.005" is 5 at scale 3), or null. */
export function parseExact(text: string | null | undefined): { units: bigint; scale: number } | null {
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

/** A fraction as a percent, exactly and without trailing zeros: "0.0005" -> "0.05%", "0.01" -> "1%". */
export function ratePercent(fraction: string | null | undefined): string {
  const value = parseExact(fraction);
  if (!value) return NO_VALUE;
  const percent =
    value.scale >= 2
      ? formatDecimal(value.units, value.scale - 2, { trimZeros: true })
      : formatDecimal(value.units * 10n ** BigInt(2 - value.scale), 0);
  return `${percent}%`;
}

/** A decimal for a message or an input, without trailing zeros ("120.50000000" -> "120.5"). */
export function plainDecimal(text: string | null | undefined): string {
  const value = parseExact(text);
  return value ? formatDecimal(value.units, value.scale, { trimZeros: true }) : (text ?? '');
}

/**
 * How many decimals a currency's amounts show: fiat and USDT follow app_decimal_no (SPEC §5), another
 * coin its own scale (at most 8), so 0.0042 BTC never reads as 0.00. The wallet's rule.
 */
export function displayDecimals(
  currency: { id: number; currencyType: number; scale: number } | undefined,
  appDecimals: number,
): number {
  if (!currency) return appDecimals;
  if (currency.currencyType === 0 || currency.id === CONSTANTS.usdtCurrencyId) return appDecimals;
  return Math.max(appDecimals, Math.min(currency.scale, 8));
}

/** Formats an amount of a currency, named by its name (loan records carry the name, not the id). */
export function useLoanAmount(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      return formatWithRules(value, rules, displayDecimals(currency, rules.amountDecimals));
    },
    [rules, currencies],
  );
}

/** How many decimals a decimal string is written with ("100.00000000" -> 8). */
export function decimalsOf(text: string): number {
  return /\.(\d+)$/.exec(text.trim())?.[1]?.length ?? 0;
}

/**
 * The scale amounts of a currency are typed and booked at: the platform's currency list, or else the
 * decimals the server wrote `sample` with (it writes every amount of a loan at the currency's scale).
 */
export function useCurrencyScale(currency: { id?: number; name: string }, sample: string): number {
  const currencies = usePlatformCurrencies().data;
  const row =
    currency.id !== undefined
      ? currencies?.byId.get(currency.id)
      : currencies?.rows.find((entry) => entry.currencyName === currency.name);
  return row?.scale ?? decimalsOf(sample);
}
