/**
 * How a trader's record reads (the server computes it from their closed positions; these only write
 * it): returns and the win rate arrive as fractions with 4 places ("0.1234" is 12.34 %) and may be null
 * before the first close; money is a decimal string with up to 8 places, formatted elsewhere by the
 * display rules.
 */
import { formatPercent } from '@kestrel/domain';
import { fractionAsPercent, plainDecimal, parseScaled, signOf } from '../../../shared/trading/decimals';

/** What a figure that does not exist yet reads (no closed position in the window). */
export const NO_FIGURE = '—';

/** A return as a signed percentage with 2 decimals, cut not rounded: "0.1234" reads "+12.34%", "-0.05" "-5.00%". */
export function returnText(fraction: string | null | undefined): string {
  const percent = fractionAsPercent(fraction);
  if (percent === null) return NO_FIGURE;
  return formatPercent(percent, 2);
}

/** The rise / fall / flat class of a signed figure (the customer's colour preference lives in the CSS). */
export function toneOf(value: string | null | undefined): 'rise' | 'fall' | 'flat' {
  const sign = signOf(value);
  return sign > 0 ? 'rise' : sign < 0 ? 'fall' : 'flat';
}

/** A share as a percentage, exactly, trailing zeros dropped: "0.6500" reads "65%", "0.10" "10%", null "—". */
export function shareText(fraction: string | null | undefined): string {
  const percent = fractionAsPercent(fraction);
  return percent === null ? NO_FIGURE : `${percent}%`;
}

/** A follow's ratio of the trader's margin, trailing zeros dropped: "0.50000000" reads "0.5". */
export function ratioText(ratio: string | null | undefined): string {
  const value = parseScaled(ratio);
  return value ? plainDecimal(value.units, value.scale) : NO_FIGURE;
}

/** "+" before a gain, for money figures whose sign matters (PnL); a loss keeps its own "-". */
export function signPrefix(value: string | null | undefined): string {
  return signOf(value) > 0 ? '+' : '';
}

/** The first letter of a name for the round badge, or "?" for none. */
export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}
