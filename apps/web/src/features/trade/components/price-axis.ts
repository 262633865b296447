import type { DisplayRules } from '../../../shared/display/display-rules';
import { formatWithRules } from '../../../shared/display/display-rules';

/**
 * How close (in CSS pixels, centre to centre) an axis label may sit to the last-price tag before the tag
 * would cover it: the tag is about 18 px tall at the chart's 11 px font, so half of it plus a margin.
 */
export const LAST_PRICE_CLEARANCE_PX = 14;

/**
 * A chart price as the rest of the app shows prices: the product's decimals and the thousands separators
 * of the display rules (the chart's own formatter printed "105020.09" beside a header of "105,020.09").
 */
export function chartPriceText(price: number, decimals: number, rules: DisplayRules): string {
  if (!Number.isFinite(price)) return '';
  // toFixed rounds the float the chart hands us back to the product's grid; formatWithRules then only
  // groups digits (it cuts, never rounds, and the string already has exactly `decimals` digits).
  return formatWithRules(price.toFixed(decimals), rules, decimals);
}

/**
 * The price axis's tick labels, leaving blank each one the last-price tag would sit on (lightweight-charts
 * draws the tag over tick labels rather than moving them). `offsetFromLast` is a tick's distance in pixels
 * from the last price, or null when there is no last price yet (then every label shows).
 */
export function priceAxisLabels(
  prices: readonly number[],
  format: (price: number) => string,
  offsetFromLast: (price: number) => number | null,
  clearance: number = LAST_PRICE_CLEARANCE_PX,
): string[] {
  return prices.map((price) => {
    const offset = offsetFromLast(price);
    return offset !== null && Math.abs(offset) < clearance ? '' : format(price);
  });
}
