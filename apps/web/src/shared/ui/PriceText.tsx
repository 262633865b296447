import { formatWithRules, useDisplayRules } from '../display/display-rules';
import type { Direction } from '../display/direction';
import { usePriceFlash } from './use-price-flash';

export interface PriceTextProps {
  /** A decimal string from the wire (never a Number). */
  value: string | null | undefined;
  /** The product's own decimals (`priceScale`); amounts in a currency use app_decimal_no instead. */
  decimals: number;
  /** Pulse the background on each change (live prices). */
  flash?: boolean;
  /** Colour the digits by direction (for example the day's change). */
  tone?: Direction;
  className?: string;
}

/** A price: cut (not rounded) to its decimals, thousands separators by the display switch, tabular digits. */
export function PriceText({ value, decimals, flash = false, tone, className }: PriceTextProps) {
  const rules = useDisplayRules();
  const flashClass = usePriceFlash(value, flash);
  const classes = ['numeric', 'price-text', tone ?? '', flashClass, className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} dir="ltr">
      {formatWithRules(value, rules, decimals)}
    </span>
  );
}
