import { useCallback } from 'react';
import { formatWithRules, NO_VALUE, useDisplayRules } from '../display/display-rules';
import { decimalsOf, signOf } from './decimals';

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-11-22 14:05:09" on the customer's clock, Latin digits, the same in every language. */
export function formatDateTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return NO_VALUE;
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** Trade-currency amounts with the display rules (app_decimal_no, thousands switch). */
export function useMoneyText(): (value: string | null | undefined) => string {
  const rules = useDisplayRules();
  return useCallback((value) => formatWithRules(value, rules), [rules]);
}

/** A signed amount: "+12.30" for a gain, "-5.00" for a loss, "0.00" flat. */
export function useSignedMoneyText(): (value: string | null | undefined) => string {
  const money = useMoneyText();
  return useCallback(
    (value) => {
      const text = money(value);
      return signOf(value) > 0 ? `+${text}` : text;
    },
    [money],
  );
}

/**
 * A price from a record that does not carry its product's price scale: the server writes prices at
 * that scale, so the decimals the string carries are the product's.
 */
export function usePriceOfRecord(): (value: string | null | undefined) => string {
  const rules = useDisplayRules();
  return useCallback((value) => formatWithRules(value, rules, decimalsOf(value)), [rules]);
}

/** The rise/fall class of a signed amount (the customer's colour preference lives in the CSS). */
export function toneOf(value: string | null | undefined): 'rise' | 'fall' | 'flat' {
  const sign = signOf(value);
  return sign > 0 ? 'rise' : sign < 0 ? 'fall' : 'flat';
}
