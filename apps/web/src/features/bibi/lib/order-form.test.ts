import type { bibi } from '@kestrel/contract/web';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  checkPrice,
  checkVolume,
  rulesOf,
  shortcutValue,
  stepPrice,
  takerFeeOf,
  totalOf,
} from './order-form';

const PAIR: bibi.BibiPair = {
  productCode: 'X:BTCUSD',
  productId: 1,
  productType: 2,
  productName: 'Bitcoin',
  pair: 'BTC/USDT',
  baseCurrencyId: 4,
  baseCurrencyName: 'BTC',
  quoteCurrencyId: 3,
  quoteCurrencyName: 'USDT',
  priceScale: 2,
  volumeScale: 5,
  tickSize: '0.50',
  volumeStep: '0.00010',
  minimumVolume: '0.00100',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
  referencePrice: '65000.00',
  simulated: true,
  lastPrice: null,
  trading: true,
};
const rules = rulesOf(PAIR, 8, 8);
const none = { quote: null, base: null };

describe('order form: the pair rules', () => {
  it.each([
    ['', 'bibi.price_required'],
    ['abc', 'bibi.price_invalid'],
    ['-1', 'bibi.price_invalid'],
    ['1e3', 'bibi.price_invalid'],
    ['0', 'bibi.price_not_positive'],
    ['100.25', 'bibi.price_off_tick'],
    ['100.005', 'bibi.price_off_tick'],
  ])('price %j -> %s', (text, key) => {
    expect(checkPrice(text, rules).problem?.key).toBe(key);
  });

  it('accepts prices on the tick, with a comma for the point and spaces around', () => {
    expect(checkPrice(' 100.50 ', rules).units).toBe(10050n);
    expect(checkPrice('100,5', rules).units).toBe(10050n);
    expect(checkPrice('100.25', rules).problem?.params).toEqual({ tickSize: '0.50' });
  });

  it.each([
    ['', 'bibi.volume_required'],
    ['x', 'bibi.volume_invalid'],
    ['0', 'bibi.volume_not_positive'],
    ['0.00105', 'bibi.volume_off_step'],
    ['0.000001', 'bibi.volume_off_step'],
    ['0.0009', 'bibi.volume_below_minimum'],
  ])('volume %j -> %s', (text, key) => {
    expect(checkVolume(text, rules).problem?.key).toBe(key);
  });

  it('accepts volumes on the step at or above the minimum', () => {
    expect(checkVolume('0.001', rules).units).toBe(100n);
    expect(checkVolume('1.2345', rules).units).toBe(123450n);
  });
});

describe('order form: totals, fees, balance and the body', () => {
  it('a limit buy: total rounds up, the taker fee rounds up, and the body carries price and volume', () => {
    const check = checkOrder({ side: 'buy', kind: 'limit', price: '100.50', volume: '0.0013', amount: '' }, rules, {
      quote: '1000',
      base: null,
    });
    expect(check.total).toBe('0.13065000');
    expect(check.fee).toBe('0.00026130');
    expect(check.body).toEqual({
      side: 'buy',
      body: { productCode: 'X:BTCUSD', productType: 2, orderMethod: 0, productPrice: '100.5', orderVolume: '0.0013' },
    });
  });

  it('refuses inline when the balance does not cover total + fee, and sends nothing', () => {
    const check = checkOrder({ side: 'buy', kind: 'limit', price: '100', volume: '1', amount: '' }, rules, {
      quote: '100.1',
      base: null,
    });
    expect(check.balance?.key).toBe('bibi.insufficient_balance');
    expect(check.body).toBeNull();
    expect(
      checkOrder({ side: 'buy', kind: 'limit', price: '100', volume: '1', amount: '' }, rules, {
        quote: '100.2',
        base: null,
      }).body,
    ).not.toBeNull();
  });

  it('a sell checks the coin balance; a market sell sends only the volume', () => {
    expect(
      checkOrder({ side: 'sell', kind: 'limit', price: '100', volume: '0.5', amount: '' }, rules, {
        quote: null,
        base: '0.4',
      }).balance,
    ).not.toBeNull();
    expect(
      checkOrder({ side: 'sell', kind: 'market', price: '', volume: '0.4', amount: '' }, rules, {
        quote: null,
        base: '0.4',
      }).body,
    ).toEqual({
      side: 'sell',
      body: { productCode: 'X:BTCUSD', productType: 2, orderMethod: 1, orderVolume: '0.4' },
    });
  });

  it('a market buy sends the USDT budget; the fee is charged on top', () => {
    const check = checkOrder({ side: 'buy', kind: 'market', price: '', volume: '', amount: '250' }, rules, none);
    expect(check.fee).toBe('0.50000000');
    expect(check.body).toEqual({
      side: 'buy',
      body: { productCode: 'X:BTCUSD', productType: 2, orderMethod: 1, orderAmount: '250' },
    });
    expect(
      checkOrder({ side: 'buy', kind: 'market', price: '', volume: '', amount: '0.000000001' }, rules, none).amount
        ?.key,
    ).toBe('bibi.amount_too_precise');
  });

  it("an order worth more than the server accepts is refused with the server's words, under the field that sets it", () => {
    const limit = checkOrder(
      { side: 'buy', kind: 'limit', price: '99999999', volume: '1000', amount: '' },
      rules,
      none,
    );
    expect(limit.volume).toEqual({ key: 'error.bibi_order_too_large', params: { max: '10000000000' } });
    expect(limit.body).toBeNull();
    const market = checkOrder(
      { side: 'buy', kind: 'market', price: '', volume: '', amount: '10000000001' },
      rules,
      none,
    );
    expect(market.amount?.key).toBe('error.bibi_order_too_large');
    expect(market.body).toBeNull();
    expect(checkVolume('10000000000.0001', rules).problem?.key).toBe('bibi.volume_invalid');
  });

  it('the fee shown is the most the order can pay: the higher rate for a limit order, the taker rate at market', () => {
    // A maker rate above the taker rate: a resting limit order would pay the maker rate.
    const inverted = rulesOf({ ...PAIR, makerFeeRate: '0.003', takerFeeRate: '0.002' }, 8, 8);
    const limit = checkOrder({ side: 'buy', kind: 'limit', price: '100', volume: '1', amount: '' }, inverted, none);
    expect(limit.fee).toBe('0.30000000');
    const market = checkOrder({ side: 'buy', kind: 'market', price: '', volume: '', amount: '100' }, inverted, none);
    expect(market.fee).toBe('0.20000000');
  });

  it('invalid fields send nothing', () => {
    const check = checkOrder({ side: 'buy', kind: 'limit', price: '100.3', volume: '0.0001', amount: '' }, rules, none);
    expect(check.price?.key).toBe('bibi.price_off_tick');
    expect(check.volume?.key).toBe('bibi.volume_below_minimum');
    expect(check.body).toBeNull();
  });
});

describe('order form: shortcuts and the price stepper', () => {
  it('sell shortcuts take a share of the coin, down to the step', () => {
    expect(shortcutValue(25, 'sell', 'limit', rules, { quote: null, base: '1.23456789' }, '')).toEqual({
      field: 'volume',
      value: '0.3086',
    });
    expect(shortcutValue(100, 'sell', 'market', rules, { quote: null, base: '1.23456789' }, '')).toEqual({
      field: 'volume',
      value: '1.2345',
    });
    expect(shortcutValue(50, 'sell', 'limit', rules, none, '')).toBeNull();
  });

  it('a limit buy shortcut needs a price and fits total + fee into the share', () => {
    expect(shortcutValue(50, 'buy', 'limit', rules, { quote: '1000', base: null }, '')).toBeNull();
    const half = shortcutValue(50, 'buy', 'limit', rules, { quote: '1000', base: null }, '100');
    // 500 / (100 x 1.002) = 4.99001..., down to the 0.0001 step.
    expect(half).toEqual({ field: 'volume', value: '4.99' });
  });

  it('a market buy shortcut leaves room for the fee', () => {
    expect(shortcutValue(100, 'buy', 'market', rules, { quote: '1000', base: null }, '')).toEqual({
      field: 'amount',
      value: '998',
    });
  });

  it('the stepper moves by whole ticks from the typed price or the reference, never below one tick', () => {
    expect(stepPrice('100.00', 1, rules, null)).toBe('100.50');
    expect(stepPrice('', -1, rules, '65000.00')).toBe('64999.50');
    expect(stepPrice('0.50', -1, rules, null)).toBe('0.50');
  });

  it('property: a shortcut never asks for more than the share it was given, and stays on the step', () => {
    const unitsText = (units: bigint, scale: number) => formatDecimal(units, scale);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.constantFrom(25, 50, 75, 100),
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.constantFrom('0', '0.001', '0.002', '0.0015', '0.01'),
        (availableUnits, percent, priceTicks, rate) => {
          const pairRules = rulesOf({ ...PAIR, takerFeeRate: rate }, 8, 8);
          const available = { quote: unitsText(availableUnits, 8), base: unitsText(availableUnits, 8) };
          const share = (availableUnits * BigInt(percent)) / 100n;
          const price = unitsText(BigInt(priceTicks) * 50n, 2);

          const limit = shortcutValue(percent, 'buy', 'limit', pairRules, available, price);
          expect(limit?.field).toBe('volume');
          const volume = parseDecimal(limit!.value, 5);
          expect(volume % pairRules.stepUnits).toBe(0n);
          const total = totalOf(BigInt(priceTicks) * 50n, volume, pairRules, 'buy');
          expect(total + takerFeeOf(total, pairRules)).toBeLessThanOrEqual(share);

          const market = shortcutValue(percent, 'buy', 'market', pairRules, available, '');
          const amount = parseDecimal(market!.value, 8);
          expect(amount + takerFeeOf(amount, pairRules)).toBeLessThanOrEqual(share);
          expect(amount).toBeGreaterThanOrEqual(0n);

          const sell = shortcutValue(percent, 'sell', 'limit', pairRules, available, '');
          const sold = parseDecimal(sell!.value, 5);
          expect(sold % pairRules.stepUnits).toBe(0n);
          expect(sold * 1000n).toBeLessThanOrEqual(share);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: whatever checkOrder accepts, the balance covers total + fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 10, max: 100_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (priceTicks, volumeSteps, availableUnits) => {
          const price = formatDecimal(BigInt(priceTicks) * 50n, 2);
          const volume = formatDecimal(BigInt(volumeSteps) * 10n, 5);
          const check = checkOrder({ side: 'buy', kind: 'limit', price, volume, amount: '' }, rules, {
            quote: formatDecimal(availableUnits, 8),
            base: null,
          });
          const total = totalOf(BigInt(priceTicks) * 50n, BigInt(volumeSteps) * 10n, rules, 'buy');
          const needed = total + takerFeeOf(total, rules);
          expect(check.body !== null).toBe(needed <= availableUnits);
        },
      ),
      { numRuns: 500 },
    );
  });
});
