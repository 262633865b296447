import { describe, expect, it } from 'vitest';
import { displayRulesOf } from '../../../shared/display/display-rules';
import { chartPriceText, priceAxisLabels } from './price-axis';

const RULES = displayRulesOf([], {});

describe('the chart price axis', () => {
  it('formats prices like the header: thousands separators at the product decimals', () => {
    expect(chartPriceText(105020.09, 2, RULES)).toBe('105,020.09');
    expect(chartPriceText(1.2345678, 4, RULES)).toBe('1.2346');
    expect(chartPriceText(106000, 2, RULES)).toBe('106,000.00');
    expect(chartPriceText(Number.NaN, 2, RULES)).toBe('');
  });

  it('follows the "no thousands format" switch', () => {
    const plain = { ...RULES, thousands: false };
    expect(chartPriceText(105020.09, 2, plain)).toBe('105020.09');
  });

  it('leaves blank only the tick labels the last-price tag would cover', () => {
    const lastAt = 100;
    const coordinate = (price: number) => 400 - price * 3; // 10 px a tick of 3.33 price units
    const labels = priceAxisLabels([90, 96, 100, 104, 110], String, (price) => coordinate(price) - (400 - lastAt * 3));
    // 96 and 104 are 12 px from the tag (under the 14 px clearance); 90 and 110 are 30 px away.
    expect(labels).toEqual(['90', '', '', '', '110']);
  });

  it('shows every label while there is no last price', () => {
    expect(priceAxisLabels([1, 2], String, () => null)).toEqual(['1', '2']);
  });
});
