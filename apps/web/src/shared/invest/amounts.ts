/**
 * How the new-share and staking screens write an amount of a currency named as the wire names it (their
 * records carry the name, not the id): by the display rules, digits cut, never rounded up.
 */
import { CONSTANTS } from '@kestrel/contract/web';
import { useCallback } from 'react';
import { formatWithRules, useDisplayRules } from '../display/display-rules';
import { usePlatformCurrencies } from '../platform/api/platform-currency-list';

/**
 * A coin's amount shows the digits it has, not its scale's trailing zeros: 0.0042 BTC reads "0.0042",
 * 10 BTC reads "10.00" (never fewer than `minimum`, never more than the coin's scale or 8).
 */
export function coinDecimals(value: string | null | undefined, scale: number, minimum: number): number {
  const significant = (/\.(\d+)$/.exec(value?.trim() ?? '')?.[1] ?? '').replace(/0+$/, '').length;
  return Math.max(minimum, Math.min(significant, scale, 8));
}

/**
 * Formats an amount of a currency by the display rules: fiat and USDT at app_decimal_no, other coins at
 * the digits they have (coinDecimals). The number alone; useMoneyText adds the currency.
 */
export function useAmountText(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      const decimals =
        !currency || currency.currencyType === 0 || currency.id === CONSTANTS.usdtCurrencyId
          ? rules.amountDecimals
          : coinDecimals(value, currency.scale, rules.amountDecimals);
      return formatWithRules(value, rules, decimals);
    },
    [rules, currencies],
  );
}

/** An amount and its currency, "1,234.50 USDT". */
export function useMoneyText(): (value: string | null | undefined, currencyName: string) => string {
  const amount = useAmountText();
  return useCallback((value, currencyName) => `${amount(value, currencyName)} ${currencyName}`, [amount]);
}
