import type { contracts } from '@kestrel/contract/web';
import { formatDecimal, parseDecimal, spotBuyQuote } from '@kestrel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scalesOf } from './contract-order';
import { liveSpotValue, previewSpotBuy, previewSpotSell, spotShortcutQuantity } from './spot-order';

const SETTING = {
  productCode: 'AAPL',
  minQuantity: '0.01',
  maxQuantity: '1000',
  maxBalanceShare: '1',
  spotBuyFeeRate: '0.001',
  spotSellFeeRate: '0.002',
  priceScale: 2,
  quantityScale: 2,
  contractSize: '1',
} as contracts.ProductTradeSetting;

describe('spot previews', () => {
  it('buy: cost rounded up, fee on top rounded up', () => {
    const preview = previewSpotBuy({
      quantity: '3',
      price: '189.99',
      setting: SETTING,
      available: '1000',
      moneyScale: 8,
    });
    if (preview.state !== 'valid') throw new Error(preview.state);
    expect(formatDecimal(preview.quote.amount, 8)).toBe('569.97000000');
    expect(formatDecimal(preview.quote.fee, 8)).toBe('0.56997000');
    expect(formatDecimal(preview.quote.total, 8)).toBe('570.53997000');
  });

  it('buy: problems by key', () => {
    const key = (quantity: string, available = '1000') => {
      const preview = previewSpotBuy({ quantity, price: '189.99', setting: SETTING, available, moneyScale: 8 });
      return preview.state === 'invalid' ? preview.problem.key : preview.state;
    };
    expect(key('0.001')).toBe('trading.quantity_precision');
    expect(key('x')).toBe('trading.quantity_invalid');
    expect(key('6')).toBe('trading.insufficient_balance');
    expect(key('2000', '1000000000')).toBe('trading.quantity_above_max');
    expect(key('')).toBe('empty');
  });

  it('sell: yields quantity x price rounded down less the fee', () => {
    const quote = previewSpotSell({ quantity: '3', price: '200.01', setting: SETTING, moneyScale: 8 });
    expect(quote && formatDecimal(quote.net, 8)).toBe('598.82994000');
  });

  it('values a held order at the live price like the server', () => {
    expect(
      liveSpotValue({
        orderNum: '3',
        buyAmount: '569.97',
        buyFee: '0.56997',
        price: '200.00',
        setting: SETTING,
        moneyScale: 8,
      }),
    ).toEqual({ marketValue: '600.00000000', profitAndLose: '29.46003000' });
    expect(
      liveSpotValue({ orderNum: '3', buyAmount: '1', buyFee: '0', price: null, setting: SETTING, moneyScale: 8 }),
    ).toBeNull();
  });

  it('property: the shortcut quantity is the largest that fits its share of the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom<25 | 50 | 75 | 100>(25, 50, 75, 100),
        fc.integer({ min: 0, max: 10_000 }),
        (availableCents, priceCents, percent, feeMicros) => {
          const setting = { ...SETTING, maxQuantity: '0', spotBuyFeeRate: formatDecimal(BigInt(feeMicros), 6) };
          const available = formatDecimal(BigInt(availableCents), 2);
          const price = formatDecimal(BigInt(priceCents), 2);
          const quantity = spotShortcutQuantity({ percent, price, setting, available, moneyScale: 8 });
          const budget = (parseDecimal(available, 8) * BigInt(percent)) / 100n;
          const scales = scalesOf(setting, 8);
          const rate = { units: BigInt(feeMicros), scale: 6 };
          const priceUnits = BigInt(priceCents);
          if (quantity === null) {
            expect(spotBuyQuote(priceUnits, 1n, scales, rate).total > budget).toBe(true);
            return;
          }
          const units = parseDecimal(quantity, 2);
          expect(spotBuyQuote(priceUnits, units, scales, rate).total <= budget).toBe(true);
          expect(spotBuyQuote(priceUnits, units + 1n, scales, rate).total > budget).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
