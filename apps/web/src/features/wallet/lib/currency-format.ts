import { useCallback } from 'react';
import { currentBaseUrl } from '../../../shared/api/lines';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { displayDecimalsOf, trimZerosBeyond } from './money';

/**
 * Formats an amount of a currency by the display rules (thousands switch, cut digits) at the
 * currency's display decimals (see displayDecimalsOf), without zeros past app_decimal_no: a coin's
 * extra decimals show only when they hold digits.
 */
export function useCurrencyAmount(): (value: string | null | undefined, currencyId: number | undefined) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyId) => {
      const currency = currencyId === undefined ? undefined : currencies?.byId.get(currencyId);
      const text = formatWithRules(value, rules, displayDecimalsOf(currency, rules.amountDecimals));
      return trimZerosBeyond(text, rules.amountDecimals);
    },
    [rules, currencies],
  );
}

/** Server paths (`/uploads/...`, `/img/...`) on the current line; absolute URLs stay as they are. */
export function onCurrentLine(url: string): string {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${currentBaseUrl()}${url}`;
}
