/** How the staking screens read a yield and a term (amounts: shared/invest/amounts.ts). */
import { CONSTANTS } from '@kestrel/contract/web';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { coinDecimals } from '../../../shared/invest/amounts';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';

/** Yields read to four decimals at least: a day's yield on a small principal is not "0.00". */
export const YIELD_DECIMALS = 4;

/** A yield of a currency, like useMoneyText but never fewer than YIELD_DECIMALS digits (cut), a coin's at the digits it has. */
export function useYieldText(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      const scale = currency ? Math.min(currency.scale, 8) : YIELD_DECIMALS;
      const least = Math.max(rules.amountDecimals, Math.min(YIELD_DECIMALS, scale));
      // A coin's yield shows the digits it has: a day on 0.001 BTC is 0.00000035 BTC, not "0.0000".
      const coin = currency && currency.currencyType !== 0 && currency.id !== CONSTANTS.usdtCurrencyId;
      const decimals = coin ? coinDecimals(value, scale, least) : least;
      return `${formatWithRules(value, rules, decimals)} ${currencyName}`;
    },
    [rules, currencies],
  );
}

/** "1 day" / "30 days": the count with its noun, singular at one. */
export function useDaysText(): (n: number) => string {
  const { t } = useTranslation();
  return useCallback((n) => t(n === 1 ? 'invest.common.day_one' : 'invest.common.days_count', { n }), [t]);
}
