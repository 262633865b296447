/**
 * How a price reads on the new-share screens: at its own significant decimals, never fewer than
 * app_decimal_no (amounts: shared/invest/amounts.ts).
 */
import { useCallback } from 'react';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { priceDecimals } from '../../../shared/invest/decimals';

/** A price at its own significant decimals (at least app_decimal_no), with the currency. */
export function usePriceText(): (value: string, currencyName: string) => string {
  const rules = useDisplayRules();
  return useCallback(
    (value, currencyName) =>
      `${formatWithRules(value, rules, priceDecimals(value, rules.amountDecimals))} ${currencyName}`,
    [rules],
  );
}
