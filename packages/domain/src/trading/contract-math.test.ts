import { describe, expect, it } from 'vitest';
import {
  checkStopLevels,
  closingFee,
  liquidationPrice,
  lossLimit,
  lossReached,
  marginFor,
  notionalForMargin,
  notionalOf,
  openingFee,
  percentOf,
  profitAndLoss,
  quantityForNotional,
  settleClose,
  spotBuyQuote,
  spotSellQuote,
  type ProductScales,
} from './contract-math';
import { parseDecimal } from '../decimal';

const MONEY = 8;
const usdt = (text: string) => parseDecimal(text, MONEY);
const rate = (text: string) => ({ units: parseDecimal(text, 10), scale: 10 });
/** Bitcoin: price 2 decimals, quantity 5, contract size 1. */
const BTC: ProductScales = {
  priceScale: 2,
  quantityScale: 5,
  contractSize: { units: 1n, scale: 0 },
  moneyScale: MONEY,
};
/** E-mini S&P: price 2 decimals, whole contracts of 50. */
const ES: ProductScales = {
  priceScale: 2,
  quantityScale: 0,
  contractSize: { units: 50n, scale: 0 },
  moneyScale: MONEY,
};
const btcPrice = (text: string) => parseDecimal(text, 2);
const btcQuantity = (text: string) => parseDecimal(text, 5);

describe('notional, quantity and margin', () => {
  it('prices a quantity, futures multiplier included', () => {
    expect(notionalOf(btcPrice('100000'), btcQuantity('0.01'), BTC, 'up')).toBe(usdt('1000'));
    expect(notionalOf(parseDecimal('7000.25', 2), 2n, ES, 'up')).toBe(usdt('700025'));
  });

  it('buys the quantity a notional pays for, rounded down', () => {
    expect(quantityForNotional(usdt('1000'), btcPrice('100000'), BTC)).toBe(btcQuantity('0.01'));
    // 1000 / 99999.99 = 0.0100000001 -> 0.01000
    expect(quantityForNotional(usdt('1000'), btcPrice('99999.99'), BTC)).toBe(btcQuantity('0.01'));
    // 999.99 / 100000 = 0.0099999 -> 0.00999
    expect(quantityForNotional(usdt('999.99'), btcPrice('100000'), BTC)).toBe(btcQuantity('0.00999'));
    expect(quantityForNotional(usdt('300000'), parseDecimal('7000', 2), ES)).toBe(0n);
    expect(quantityForNotional(usdt('700000'), parseDecimal('7000', 2), ES)).toBe(2n);
  });

  it('margin is notional / leverage rounded up; a margin supports margin x leverage', () => {
    expect(marginFor(usdt('1000'), 10)).toBe(usdt('100'));
    expect(marginFor(usdt('100'), 3)).toBe(usdt('33.33333334'));
    expect(notionalForMargin(usdt('100'), 20)).toBe(usdt('2000'));
    expect(() => marginFor(usdt('100'), 0)).toThrow(RangeError);
  });
});

describe('fees', () => {
  it('opening fee on the notional, closing fee on the margin, both rounded up', () => {
    expect(openingFee(usdt('1000'), MONEY, rate('0.0005'))).toBe(usdt('0.5'));
    expect(closingFee(usdt('100'), MONEY, rate('0.0005'))).toBe(usdt('0.05'));
    expect(openingFee(usdt('0.00000001'), MONEY, rate('0.0005'))).toBe(1n);
    expect(openingFee(usdt('1000'), MONEY, rate('0'))).toBe(0n);
  });
});

describe('profit and loss', () => {
  it('long gains when the price rises, short when it falls', () => {
    const entry = btcPrice('100000');
    const up = btcPrice('101000');
    expect(profitAndLoss('long', entry, up, btcQuantity('0.01'), BTC)).toBe(usdt('10'));
    expect(profitAndLoss('short', entry, up, btcQuantity('0.01'), BTC)).toBe(usdt('-10'));
    expect(profitAndLoss('long', parseDecimal('7000', 2), parseDecimal('7001.25', 2), 2n, ES)).toBe(usdt('125'));
  });

  it('rounds a gain down and a loss up when the money scale is too narrow', () => {
    const fine: ProductScales = { ...BTC, moneyScale: 2 };
    // 0.01 x 0.00001 = 0.0000001: a gain of 0 cents, a loss of 1 cent.
    expect(profitAndLoss('long', btcPrice('1'), btcPrice('1.01'), 1n, fine)).toBe(0n);
    expect(profitAndLoss('short', btcPrice('1'), btcPrice('1.01'), 1n, fine)).toBe(-1n);
  });
});

describe('liquidation', () => {
  const entry = btcPrice('100000');
  const quantity = btcQuantity('0.01');
  const margin = usdt('100');

  it('method 2: loss reaches margin x ratio', () => {
    const limit = lossLimit(2, margin, usdt('900'), rate('0.9'), MONEY);
    expect(limit).toBe(usdt('90'));
    expect(liquidationPrice(2, 'long', entry, quantity, limit, BTC)).toBe(btcPrice('91000'));
    expect(liquidationPrice(2, 'short', entry, quantity, limit, BTC)).toBe(btcPrice('109000'));
  });

  it('method 1: loss reaches (available + margin) x ratio', () => {
    const limit = lossLimit(1, margin, usdt('900'), rate('0.5'), MONEY);
    expect(limit).toBe(usdt('500'));
    expect(liquidationPrice(1, 'long', entry, quantity, limit, BTC)).toBe(btcPrice('50000'));
    expect(liquidationPrice(1, 'short', entry, quantity, limit, BTC)).toBe(btcPrice('150000'));
  });

  it('method 3: never liquidated, and the loss limit is the margin', () => {
    expect(lossLimit(3, margin, usdt('900'), rate('0.5'), MONEY)).toBe(margin);
    expect(liquidationPrice(3, 'long', entry, quantity, margin, BTC)).toBeNull();
  });

  it('a long at 1x whose whole notional is the limit can never be liquidated', () => {
    expect(liquidationPrice(2, 'long', entry, quantity, usdt('1000'), BTC)).toBeNull();
    expect(liquidationPrice(2, 'short', entry, quantity, usdt('1000'), BTC)).toBe(btcPrice('200000'));
  });

  it('the level is the first price whose exact loss reaches the limit', () => {
    // limit 33.333 on 0.01 BTC: a move of 3333.30 loses 33.333 exactly.
    const limit = usdt('33.333');
    const level = liquidationPrice(2, 'long', entry, quantity, limit, BTC);
    expect(level).toBe(btcPrice('96666.70'));
    expect(lossReached('long', entry, level!, quantity, limit, BTC)).toBe(true);
    expect(lossReached('long', entry, level! + 1n, quantity, limit, BTC)).toBe(false);
  });

  it('refuses a ratio of zero', () => {
    expect(() => lossLimit(2, margin, 0n, rate('0'), MONEY)).toThrow(RangeError);
  });
});

describe('take-profit and stop-loss direction rules', () => {
  const price = btcPrice('100000');
  it('long: take-profit above, stop-loss below', () => {
    expect(checkStopLevels('long', price, price + 1n, price - 1n)).toBeNull();
    expect(checkStopLevels('long', price, price, null)).toBe('take_profit_wrong_side');
    expect(checkStopLevels('long', price, price - 1n, null)).toBe('take_profit_wrong_side');
    expect(checkStopLevels('long', price, null, price + 1n)).toBe('stop_loss_wrong_side');
    expect(checkStopLevels('long', price, null, 0n)).toBe('stop_loss_wrong_side');
  });
  it('short: take-profit below, stop-loss above', () => {
    expect(checkStopLevels('short', price, price - 1n, price + 1n)).toBeNull();
    expect(checkStopLevels('short', price, price + 1n, null)).toBe('take_profit_wrong_side');
    expect(checkStopLevels('short', price, null, price - 1n)).toBe('stop_loss_wrong_side');
    expect(checkStopLevels('short', price, null, null)).toBeNull();
  });
});

describe('settling a close', () => {
  const base = {
    margin: usdt('100'),
    lossLimit: usdt('90'),
    available: usdt('50'),
    closeFeeRate: rate('0.0005'),
    moneyScale: MONEY,
  };

  it('a gain: margin back plus the gain less the fee, paid by the house', () => {
    const result = settleClose({ ...base, profitAndLoss: usdt('10') });
    expect(result).toEqual({
      realized: usdt('10'),
      fee: usdt('0.05'),
      availableChange: usdt('109.95'),
      houseChange: usdt('-10'),
      capped: false,
    });
  });

  it('a loss inside the limit goes to the house', () => {
    const result = settleClose({ ...base, profitAndLoss: usdt('-40') });
    expect(result.realized).toBe(usdt('-40'));
    expect(result.availableChange).toBe(usdt('59.95'));
    expect(result.houseChange).toBe(usdt('40'));
  });

  it('a gap past the liquidation level takes no more than the limit', () => {
    const result = settleClose({ ...base, profitAndLoss: usdt('-150') });
    expect(result).toMatchObject({ realized: usdt('-90'), capped: true, houseChange: usdt('90') });
    expect(result.availableChange).toBe(usdt('9.95'));
  });

  it('the fee never exceeds what the close returns', () => {
    const result = settleClose({ ...base, lossLimit: usdt('100'), profitAndLoss: usdt('-99.99') });
    expect(result.fee).toBe(usdt('0.01'));
    expect(result.availableChange).toBe(0n);
    const wiped = settleClose({ ...base, lossLimit: usdt('100'), profitAndLoss: usdt('-100') });
    expect(wiped.fee).toBe(0n);
  });

  it('method 1 may reach into available, never below zero', () => {
    const result = settleClose({ ...base, lossLimit: usdt('500'), profitAndLoss: usdt('-400') });
    expect(result).toMatchObject({ realized: usdt('-150'), fee: 0n, availableChange: usdt('-50'), capped: true });
  });
});

describe('spot', () => {
  it('a buy pays amount (rounded up) plus fee; a sale receives amount (rounded down) less fee', () => {
    expect(spotBuyQuote(btcPrice('100000'), btcQuantity('0.01'), BTC, rate('0.001'))).toEqual({
      amount: usdt('1000'),
      fee: usdt('1'),
      total: usdt('1001'),
    });
    expect(spotSellQuote(btcPrice('110000'), btcQuantity('0.01'), BTC, rate('0.001'))).toEqual({
      amount: usdt('1100'),
      fee: usdt('1.1'),
      net: usdt('1098.9'),
    });
  });

  it('a sale fee never exceeds the amount', () => {
    expect(spotSellQuote(1n, 1n, BTC, rate('2'))).toMatchObject({ fee: usdt('0.0000001'), net: 0n });
  });

  it('percentOf is null on a zero base', () => {
    expect(percentOf(usdt('5'), usdt('200'), MONEY, 2)).toBe(250n);
    expect(percentOf(usdt('5'), 0n, MONEY, 2)).toBeNull();
  });
});
