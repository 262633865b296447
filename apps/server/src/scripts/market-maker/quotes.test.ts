import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, reconcileQuotes, targetQuotes, type OpenQuote } from './quotes';

const BTC = { priceScale: 2, volumeScale: 5, tick: 1n, step: 1n, minimum: 10n };

describe('market maker quotes', () => {
  it('quotes levels on both sides around the reference, bids down and asks up to the tick, deeper levels larger', () => {
    const quotes = targetQuotes(10_500_000n, BTC, DEFAULT_SETTINGS); // 105,000.00
    expect(quotes.map((quote) => [quote.side, quote.price])).toEqual([
      ['buy', 10_489_500n], // -10 bp
      ['sell', 10_510_500n],
      ['buy', 10_473_750n], // -25 bp
      ['sell', 10_526_250n],
      ['buy', 10_458_000n], // -40 bp
      ['sell', 10_542_000n],
    ]);
    // 300 USDT at 104,895.00 is 0.00286 BTC; the second level 600 USDT, the third 900.
    expect(quotes.map((quote) => quote.volume)).toEqual([286n, 285n, 572n, 570n, 860n, 853n]);
  });

  it('never quotes below the minimum volume', () => {
    const quotes = targetQuotes(10_500_000n, { ...BTC, minimum: 1_000n }, DEFAULT_SETTINGS);
    expect(quotes.every((quote) => quote.volume >= 1_000n)).toBe(true);
  });

  it('keeps quotes within the tolerance, cancels stale, duplicate and drained ones, places what is missing', () => {
    const targets = targetQuotes(10_500_000n, BTC, DEFAULT_SETTINGS);
    const open: OpenQuote[] = [
      { id: 1, side: 'buy', price: 10_489_000n, remaining: 286n }, // 0.5 bp away: kept
      { id: 2, side: 'buy', price: 10_489_500n, remaining: 286n }, // a second order for the same level: cancelled
      { id: 3, side: 'sell', price: 10_600_000n, remaining: 500n }, // far from every target: cancelled
      { id: 4, side: 'sell', price: 10_510_500n, remaining: 100n }, // mostly filled: cancelled and replaced
    ];
    const plan = reconcileQuotes(targets, open, DEFAULT_SETTINGS);
    expect(plan.cancel.map((order) => order.id)).toEqual([2, 3, 4]);
    expect(plan.place).toHaveLength(5);
    expect(plan.place.some((quote) => quote.side === 'buy' && quote.price === 10_489_500n)).toBe(false);
    // Bounded: what stays plus what is placed is exactly the targets.
    expect(open.length - plan.cancel.length + plan.place.length).toBe(targets.length);
  });

  it('lets a deeper level drift up to half its distance before it is requoted; the first keeps the setting', () => {
    const targets = targetQuotes(10_500_000n, BTC, DEFAULT_SETTINGS);
    const open: OpenQuote[] = [
      { id: 1, side: 'buy', price: 10_498_000n, remaining: 286n }, // first level (10 bp), 8 bp off: over 6 bp
      { id: 2, side: 'buy', price: 10_462_000n, remaining: 572n }, // second level (25 bp), 11 bp off: within 12 bp
      { id: 3, side: 'buy', price: 10_439_000n, remaining: 860n }, // third level (40 bp), 18 bp off: within 20 bp
    ];
    const plan = reconcileQuotes(
      targets.filter((target) => target.side === 'buy'),
      open,
      DEFAULT_SETTINGS,
    );
    expect(plan.cancel.map((order) => order.id)).toEqual([1]);
    expect(plan.place.map((quote) => quote.price)).toEqual([10_489_500n]);
  });
});
