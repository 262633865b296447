import { useCallback, useMemo } from 'react';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { useAmountText, useMoneyText } from '../../../shared/invest/amounts';
import { priceDecimals } from '../../../shared/invest/decimals';
import { NO_FIGURE, signPrefix } from '../lib/record';

/**
 * A name set inside a sentence, isolated in its own direction (U+2068 ... U+2069): an Arabic nickname
 * in an English sentence, or a Latin one in an Arabic sentence, keeps its words and the sentence's
 * punctuation in order.
 */
export const isolate = (name: string): string => `\u2068${name}\u2069`;

/** Copy trading is settled in USDT: margins, PnL, drawdowns, profit shares and stop-losses. */
export const USDT = 'USDT';

/**
 * How the screen writes its figures, by the display rules (app_decimal_no, thousands separators, cut
 * never rounded up), so no raw 8-decimal wire value reaches the customer: USDT amounts, signed PnL,
 * prices at their own significant decimals and whole counts.
 */
export function useCopyFigures() {
  const money = useMoneyText();
  const moneyNumber = useAmountText();
  const amount = useAmountFormat();
  const usdt = useCallback((value: string | null | undefined) => money(value, USDT), [money]);
  /** The number alone, for a sentence that names the currency itself. */
  const usdtNumber = useCallback((value: string | null | undefined) => moneyNumber(value, USDT), [moneyNumber]);
  const signedUsdt = useCallback(
    (value: string | null | undefined) => `${signPrefix(value)}${money(value, USDT)}`,
    [money],
  );
  const price = useCallback(
    (value: string | null | undefined) => (value ? amount(value, priceDecimals(value, 2)) : NO_FIGURE),
    [amount],
  );
  const count = useCallback((value: number) => amount(String(value), 0), [amount]);
  return useMemo(() => ({ usdt, usdtNumber, signedUsdt, price, count }), [usdt, usdtNumber, signedUsdt, price, count]);
}
