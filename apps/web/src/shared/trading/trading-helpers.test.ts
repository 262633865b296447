import { checkStopLevels, parseDecimal } from '@kestrel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../api/request-error';
import { fractionAsPercent, parseTyped, sumDecimals } from './decimals';
import { returnOnMargin } from './PositionCard';
import { refusalField, refusalOf } from './refusal-field';
import { checkStopLevelText } from './stop-levels';

describe('take-profit and stop-loss direction', () => {
  it('a long takes profit above and stops below; a short the opposite; never at the price', () => {
    const long = checkStopLevelText('long', '100.00', '110', '90', 2);
    expect(long.levels).toEqual({ stopProfitPrice: '110', stopLossPrice: '90' });
    expect(checkStopLevelText('long', '100.00', '95', '', 2).takeProfit?.key).toBe('trading.tp_above');
    expect(checkStopLevelText('long', '100.00', '', '100', 2).stopLoss?.key).toBe('trading.sl_below');
    expect(checkStopLevelText('short', '100.00', '105', '', 2).takeProfit?.key).toBe('trading.tp_below');
    expect(checkStopLevelText('short', '100.00', '', '95', 2).stopLoss?.key).toBe('trading.sl_above');
    expect(checkStopLevelText('short', '100.00', '90', '110', 2).levels).not.toBeNull();
  });

  it('empty levels are "none"; a bad number is a format problem even without a price', () => {
    expect(checkStopLevelText('long', null, '', '', 2).levels).toEqual({ stopProfitPrice: '', stopLossPrice: '' });
    expect(checkStopLevelText('long', null, '1.234', '', 2).takeProfit?.key).toBe('trading.price_invalid');
    expect(checkStopLevelText('long', null, '50', '150', 2).levels).not.toBeNull();
  });

  it('property: agrees with the domain rule the server applies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
        (direction, price, takeProfit, stopLoss) => {
          const text = (units: number | null) => (units === null ? '' : (units / 100).toFixed(2));
          const check = checkStopLevelText(direction, text(price), text(takeProfit), text(stopLoss), 2);
          const domain = checkStopLevels(
            direction,
            BigInt(price),
            takeProfit === null ? null : BigInt(takeProfit),
            stopLoss === null ? null : BigInt(stopLoss),
          );
          expect(check.levels !== null).toBe(domain === null);
          if (domain === 'take_profit_wrong_side') expect(check.takeProfit).not.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('decimal helpers', () => {
  it('parses what was typed without rounding', () => {
    expect(parseTyped('1.25', 2)).toEqual({ state: 'valid', units: 125n });
    expect(parseTyped('1.255', 2)).toEqual({ state: 'invalid', reason: 'precision' });
    expect(parseTyped('0', 2)).toEqual({ state: 'invalid', reason: 'not_positive' });
    expect(parseTyped('  ', 2)).toEqual({ state: 'empty' });
  });

  it('fractions as percentages and exact sums', () => {
    expect(fractionAsPercent('0.001')).toBe('0.1');
    expect(fractionAsPercent('0.85')).toBe('85');
    expect(fractionAsPercent('1')).toBe('100');
    expect(fractionAsPercent('x')).toBeNull();
    expect(sumDecimals(['0.1', '0.2', '-0.05', null, 'bad'], 8)).toBe('0.25000000');
  });

  it('return on margin, 2 decimals toward zero', () => {
    expect(returnOnMargin('12.345', '100')).toBe('+12.34');
    expect(returnOnMargin('-5', '40')).toBe('-12.50');
    expect(returnOnMargin('0', '40')).toBe('0.00');
    expect(returnOnMargin(null, '40')).toBeNull();
    expect(parseDecimal('1', 0)).toBe(1n);
  });
});

describe('refusals under their field', () => {
  it('maps the server keys to the field they are about', () => {
    expect(refusalField('error.take_profit_wrong_side')).toBe('takeProfit');
    expect(refusalField('error.stop_loss_wrong_side')).toBe('stopLoss');
    expect(refusalField('error.leverage_not_allowed')).toBe('leverage');
    expect(refusalField('error.margin_below_minimum')).toBe('amount');
    expect(refusalField('error.insufficient_balance')).toBe('amount');
    expect(refusalField('error.fast_trade_stake_above_maximum')).toBe('amount');
    expect(refusalField('error.order_too_small')).toBe('amount');
    expect(refusalField('error.market_closed')).toBe('form');
    expect(refusalField('error.minimum_holding_time')).toBe('form');
  });

  it('reads a refusal only from an envelope code, not from transport failures', () => {
    const refused = new RequestError({
      kind: 'code',
      code: 500,
      msg: 'error.market_closed',
      params: { a: 1 },
      quiet: true,
    });
    expect(refusalOf(refused)).toEqual({ key: 'error.market_closed', params: { a: 1 } });
    expect(refusalOf(new RequestError({ kind: 'transport', msg: 'request.timeout', quiet: true }))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });
});
