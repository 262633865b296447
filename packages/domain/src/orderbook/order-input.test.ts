import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDecimal } from '../decimal';
import {
  checkOrderInput,
  checkOrderPrice,
  checkOrderVolume,
  checkQuoteAmount,
  orderFeeBound,
  orderTotal,
  volumeForQuoteAmount,
  type OrderInputPair,
  type OrderRequest,
} from './order-input';

/** BTC/USDT as the server builds it: price 0.01, volume 0.00001 steps, minimum 0.0001, USDT at 8. */
const BTC: OrderInputPair = {
  priceScale: 2,
  volumeScale: 5,
  quoteScale: 8,
  tick: 1n,
  step: 1n,
  minimum: 10n,
  tickSize: '0.01',
  volumeStep: '0.00001',
  minimumVolume: '0.00010',
};

/** A pair with a coarse tick and step, as the form test uses. */
const COARSE: OrderInputPair = {
  ...BTC,
  tick: 50n,
  step: 10n,
  minimum: 100n,
  tickSize: '0.50',
  volumeStep: '0.00010',
  minimumVolume: '0.00100',
};

const limitBuy = (fields: Partial<OrderRequest>): OrderRequest => ({
  side: 'buy',
  kind: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  ...fields,
});

describe('order input: the fields', () => {
  it.each([
    [undefined, 'bibi_price_required'],
    ['  ', 'bibi_price_required'],
    ['abc', 'bibi_price_invalid'],
    ['1e3', 'bibi_price_invalid'],
    ['0', 'bibi_price_not_positive'],
    ['-1', 'bibi_price_not_positive'],
    ['100.25', 'bibi_price_off_tick'],
    ['100.005', 'bibi_price_off_tick'],
    // Too fine is decided before the sign.
    ['-0.001', 'bibi_price_off_tick'],
  ])('price %j -> %s', (text, code) => {
    expect(checkOrderPrice(COARSE, text).problem?.code).toBe(code);
  });

  it('a price on the tick passes; off the tick names the tick as the customer reads it', () => {
    expect(checkOrderPrice(COARSE, ' 100.50 ')).toEqual({ units: 10_050n, problem: null });
    expect(checkOrderPrice(COARSE, '100.25').problem?.params).toEqual({ tickSize: '0.50' });
    // A pair whose tick is not known yet checks no tick.
    expect(checkOrderPrice({ ...COARSE, tick: 0n }, '100.25').units).toBe(10_025n);
  });

  it.each([
    [undefined, 'bibi_volume_required'],
    ['x', 'bibi_volume_invalid'],
    ['0', 'bibi_volume_not_positive'],
    ['0.00105', 'bibi_volume_off_step'],
    ['0.000001', 'bibi_volume_off_step'],
    ['0.0009', 'bibi_volume_below_minimum'],
    ['10000000000.1', 'bibi_volume_invalid'],
  ])('volume %j -> %s', (text, code) => {
    expect(checkOrderVolume(COARSE, text).problem?.code).toBe(code);
  });

  it('volume problems carry the step and the minimum as the customer reads them', () => {
    expect(checkOrderVolume(COARSE, '0.00105').problem?.params).toEqual({ volumeStep: '0.00010' });
    expect(checkOrderVolume(COARSE, '0.0009').problem?.params).toEqual({ minimumVolume: '0.00100' });
    expect(checkOrderVolume(COARSE, '0.001')).toEqual({ units: 100n, problem: null });
    expect(checkOrderVolume(COARSE, '10000000000').units).toBe(1_000_000_000_000_000n);
  });

  it.each([
    [undefined, 'bibi_amount_required'],
    ['1e5', 'bibi_amount_invalid'],
    ['0', 'bibi_amount_not_positive'],
    ['1.123456789', 'amount_precision'],
  ])('amount %j -> %s', (text, code) => {
    expect(checkQuoteAmount(BTC, text).problem?.code).toBe(code);
  });

  it('a too fine amount names the decimals USDT has', () => {
    expect(checkQuoteAmount(BTC, '1.123456789').problem?.params).toEqual({ decimals: 8 });
  });
});

describe('order input: the whole order, first problem wins', () => {
  it('a limit order: price, then volume, then its worth, then post-only', () => {
    expect(checkOrderInput(BTC, limitBuy({ volume: '0.001' })).problem?.code).toBe('bibi_price_required');
    expect(checkOrderInput(BTC, limitBuy({ price: 'abc', volume: 'x' })).problem?.code).toBe('bibi_price_invalid');
    expect(checkOrderInput(BTC, limitBuy({ price: '100' })).problem?.code).toBe('bibi_volume_required');
    expect(checkOrderInput(BTC, limitBuy({ price: '99999999', volume: '1000' })).problem).toEqual({
      code: 'bibi_order_too_large',
      params: { max: '10000000000' },
    });
    expect(
      checkOrderInput(BTC, limitBuy({ price: '100', volume: '0.001', postOnly: true, timeInForce: 'IOC' })).problem
        ?.code,
    ).toBe('bibi_post_only_requires_gtc');
    expect(checkOrderInput(BTC, limitBuy({ price: '100', volume: '0.001', postOnly: true }))).toEqual({
      order: { type: 'limit', side: 'buy', price: 10_000n, size: 100n, timeInForce: 'GTC', postOnly: true },
      problem: null,
    });
  });

  it('a limit buy by USDT amount buys the whole steps it affords, rounded down, and meets the minimum', () => {
    // 10 USDT at 60,000.00 = 0.000166... BTC -> 0.00016.
    expect(checkOrderInput(BTC, limitBuy({ price: '60000', amount: '10' })).order).toMatchObject({ size: 16n });
    expect(checkOrderInput(BTC, limitBuy({ price: '60000', amount: '5' })).problem?.code).toBe(
      'bibi_volume_below_minimum',
    );
    expect(checkOrderInput(BTC, limitBuy({ price: '60000', amount: '0' })).problem?.code).toBe(
      'bibi_amount_not_positive',
    );
    expect(checkOrderInput(BTC, limitBuy({ price: '1', amount: '10000000001' })).problem?.code).toBe(
      'bibi_order_too_large',
    );
  });

  it('a market sell names a volume; a market buy a USDT budget', () => {
    const market = { kind: 'market', timeInForce: 'GTC', postOnly: false } as const;
    expect(checkOrderInput(BTC, { ...market, side: 'sell', volume: '0' }).problem?.code).toBe(
      'bibi_volume_not_positive',
    );
    expect(checkOrderInput(BTC, { ...market, side: 'sell', volume: '0.001' }).order).toEqual({
      type: 'market',
      side: 'sell',
      size: 100n,
    });
    expect(checkOrderInput(BTC, { ...market, side: 'buy', volume: '1' }).problem?.code).toBe('bibi_amount_required');
    expect(checkOrderInput(BTC, { ...market, side: 'buy', amount: '250' }).order).toEqual({
      type: 'market_by_quote',
      quoteAmount: 25_000_000_000n,
    });
    expect(checkOrderInput(BTC, { ...market, side: 'buy', amount: '10000000000.00000001' }).problem?.code).toBe(
      'bibi_order_too_large',
    );
  });
});

describe('order money', () => {
  const rates = { maker: { units: 1_000n, scale: 6 }, taker: { units: 2_000n, scale: 6 } };

  it('the total rounds the customer way; the fee bound rounds up at the rate the order may pay', () => {
    const wide = { priceScale: 4, volumeScale: 6, quoteScale: 8 };
    // 1.0001 x 0.000001 = 0.0000010001: a buyer pays 0.00000101, a seller receives 0.00000100.
    expect(orderTotal(wide, 10_001n, 1n, 'buy')).toBe(101n);
    expect(orderTotal(wide, 10_001n, 1n, 'sell')).toBe(100n);
    expect(orderTotal(BTC, 10_050n, 130n, 'buy')).toBe(13_065_000n);
    expect(orderFeeBound(13_065_000n, 8, 'limit', rates)).toBe(26_130n);
    expect(orderFeeBound(13_065_000n, 8, 'market', rates)).toBe(26_130n);
    // A maker rate above the taker rate (the settings allow it): a limit order may rest and pay it.
    const inverted = { maker: { units: 5n, scale: 3 }, taker: { units: 1_000n, scale: 6 } };
    expect(orderFeeBound(1_000n, 8, 'limit', inverted)).toBe(5n);
    expect(orderFeeBound(1_000n, 8, 'market', inverted)).toBe(1n);
  });

  it('property: the fee bound is the exact fee at the higher (limit) or taker (market) rate, rounded up, never negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.constantFrom('limit' as const, 'market' as const),
        (quote, maker, taker, kind) => {
          const fee = orderFeeBound(quote, 8, kind, {
            maker: { units: maker, scale: 6 },
            taker: { units: taker, scale: 6 },
          });
          const rate = kind === 'market' ? taker : maker > taker ? maker : taker;
          expect(fee >= 0n).toBe(true);
          expect(fee * 1_000_000n >= quote * rate).toBe(true);
          expect((fee - 1n) * 1_000_000n < quote * rate).toBe(true);
        },
      ),
    );
  });

  it('property: a buyer never pays less than price x volume, a seller never receives more', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (price, volume, priceScale, volumeScale, quoteScale) => {
          const pair = { priceScale, volumeScale, quoteScale };
          const exact = price * volume; // at priceScale + volumeScale
          const widen = (units: bigint) => units * 10n ** BigInt(priceScale + volumeScale);
          const atQuote = (units: bigint) => exact * 10n ** BigInt(quoteScale) <= widen(units);
          const buy = orderTotal(pair, price, volume, 'buy');
          const sell = orderTotal(pair, price, volume, 'sell');
          expect(atQuote(buy)).toBe(true);
          expect(exact * 10n ** BigInt(quoteScale) >= widen(sell)).toBe(true);
          expect(buy - sell <= 1n).toBe(true);
          if (priceScale + volumeScale <= quoteScale) expect(buy).toBe(sell);
        },
      ),
    );
  });

  it('property: a limit buy by amount never costs more than the amount, and one more step would', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 1_000n }),
        (amount, price, step) => {
          const pair = { ...BTC, step };
          const volume = volumeForQuoteAmount(pair, amount, price);
          expect(volume % step).toBe(0n);
          expect(volume >= 0n).toBe(true);
          expect(orderTotal(pair, price, volume, 'buy') <= amount).toBe(true);
          expect(orderTotal(pair, price, volume + step, 'buy') > amount).toBe(true);
        },
      ),
    );
  });

  it('property: whatever passes is on the tick and the step, at least the minimum, and within the worth limit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 60n }),
        fc.constantFrom('buy' as const, 'sell' as const),
        (ticks, steps, offset, side) => {
          // Mostly on the tick and the step; an offset below 10 moves both off them.
          const priceUnits = ticks * COARSE.tick + (offset < 10n ? offset : 0n);
          const volumeUnits = steps * COARSE.step + (offset < 5n ? offset : 0n);
          const request = limitBuy({
            side,
            price: formatDecimal(priceUnits, COARSE.priceScale),
            volume: formatDecimal(volumeUnits, COARSE.volumeScale),
          });
          const check = checkOrderInput(COARSE, request);
          if (check.order?.type !== 'limit') return;
          expect(check.order.price > 0n && check.order.price % COARSE.tick === 0n).toBe(true);
          expect(check.order.size % COARSE.step === 0n && check.order.size >= COARSE.minimum).toBe(true);
          expect(orderTotal(COARSE, check.order.price, check.order.size, side) <= 10n ** 18n).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
