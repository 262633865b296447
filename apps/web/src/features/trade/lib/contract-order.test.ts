import type { contracts } from '@kestrel/contract/web';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewContractOrder, shortcutAmount, usableBalance } from './contract-order';

const SETTING: contracts.ProductTradeSetting = {
  productId: 1,
  productCode: 'X:BTCUSD',
  productType: 2,
  positionTypes: '0/1/2/3',
  isLock: 0,
  leverList: '1/2/5/10/20/50/100',
  levers: [1, 2, 5, 10, 20, 50, 100],
  minQuantity: '0.0001',
  maxQuantity: '100',
  minMargin: '10',
  maxMargin: '100000',
  maxBalanceShare: '0.9',
  minHoldSeconds: 0,
  liquidationMethod: 2,
  liquidationRatio: '0.8',
  followsMarketSession: true,
  tradingWindows: [],
  tradingOpen: true,
  contractOpenFeeRate: '0.001',
  contractCloseFeeRate: '0.001',
  spotBuyFeeRate: '0.002',
  spotSellFeeRate: '0.002',
  priceScale: 2,
  quantityScale: 4,
  contractSize: '1',
  nowPrice: '50000.00',
  simulated: true,
};

const base = {
  direction: 'long' as const,
  mode: 'margin' as const,
  leverage: 10,
  price: '50000.00',
  setting: SETTING,
  available: '10000',
  moneyScale: 8,
};

describe('previewContractOrder', () => {
  it('computes quantity, notional, margin, fee and the liquidation price with the server rules', () => {
    const preview = previewContractOrder({ ...base, amount: '100' });
    expect(preview.state).toBe('valid');
    if (preview.state !== 'valid') return;
    // 100 margin x 10 = 1000 notional; 1000 / 50000 = 0.02 BTC; fee 1000 x 0.001 = 1.
    expect(formatDecimal(preview.quote.quantity, 4)).toBe('0.0200');
    expect(formatDecimal(preview.quote.notional, 8)).toBe('1000.00000000');
    expect(formatDecimal(preview.quote.margin, 8)).toBe('100.00000000');
    expect(formatDecimal(preview.quote.fee, 8)).toBe('1.00000000');
    expect(formatDecimal(preview.quote.total, 8)).toBe('101.00000000');
    // Method 2: loss limit 100 x 0.8 = 80 over 0.02 BTC = 4000 below entry.
    expect(preview.quote.liquidationPrice).toBe(parseDecimal('46000.00', 2));
  });

  it('a short liquidates above the entry; by value the amount is the notional', () => {
    const preview = previewContractOrder({ ...base, direction: 'short', mode: 'notional', amount: '1000' });
    expect(preview.state).toBe('valid');
    if (preview.state !== 'valid') return;
    expect(formatDecimal(preview.quote.margin, 8)).toBe('100.00000000');
    expect(preview.quote.liquidationPrice).toBe(parseDecimal('54000.00', 2));
  });

  it('rounds the quantity down and the margin and fee up', () => {
    const preview = previewContractOrder({ ...base, price: '30000.00', amount: '33.33' });
    if (preview.state !== 'valid') throw new Error(preview.state);
    // 333.3 / 30000 = 0.01111 -> 0.0111; notional 333.00; margin 33.3; fee 0.333.
    expect(formatDecimal(preview.quote.quantity, 4)).toBe('0.0111');
    expect(formatDecimal(preview.quote.notional, 8)).toBe('333.00000000');
    expect(formatDecimal(preview.quote.margin, 8)).toBe('33.30000000');
    expect(formatDecimal(preview.quote.fee, 8)).toBe('0.33300000');
  });

  it('names the problem: bounds, balance, share, format, price, fee', () => {
    const problem = (overrides: Partial<Parameters<typeof previewContractOrder>[0]>) => {
      const preview = previewContractOrder({ ...base, amount: '100', ...overrides });
      return preview.state === 'invalid' ? preview.problem.key : preview.state;
    };
    expect(problem({ amount: '5' })).toBe('trading.margin_below_min');
    expect(problem({ amount: '1.123456789' })).toBe('trading.amount_precision');
    expect(problem({ amount: 'abc' })).toBe('trading.amount_invalid');
    expect(problem({ amount: '0' })).toBe('trading.amount_invalid');
    expect(problem({ amount: '' })).toBe('empty');
    expect(problem({ amount: '9950' })).toBe('trading.insufficient_balance');
    expect(problem({ amount: '9000' })).toBe('trading.over_balance_share');
    expect(problem({ amount: '0.0001', mode: 'notional' })).toBe('trading.quantity_too_small');
    expect(problem({ price: null })).toBe('trading.no_price');
    expect(problem({ setting: { ...SETTING, contractOpenFeeRate: null } })).toBe('trading.fee_not_configured');
    expect(problem({ amount: '60000', leverage: 100, available: '1000000' })).toBe('trading.quantity_above_max');
    expect(problem({ available: null })).toBe('valid');
  });
});

describe('shortcutAmount', () => {
  it('fills that share of the balance as margin + fee, capped by the balance share', () => {
    const fill = (percent: 25 | 50 | 75 | 100, mode: 'margin' | 'notional' = 'margin') =>
      shortcutAmount({
        percent,
        mode,
        available: '1000',
        leverage: 10,
        setting: SETTING,
        moneyScale: 8,
        displayDecimals: 2,
      });
    // 250 / (1 + 10 x 0.001) = 247.524... -> 247.52
    expect(fill(25)).toBe('247.52');
    expect(fill(50)).toBe('495.04');
    // 100% is capped at 90% of the balance: 900 / 1.01 = 891.089... -> 891.08
    expect(fill(100)).toBe('891.08');
    expect(fill(25, 'notional')).toBe('2475.24');
    expect(
      shortcutAmount({
        percent: 25,
        mode: 'margin',
        available: null,
        leverage: 10,
        setting: SETTING,
        moneyScale: 8,
        displayDecimals: 2,
      }),
    ).toBeNull();
  });

  it('property: a shortcut order always fits its share of the balance and the balance share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(1, 2, 5, 10, 20, 50, 100),
        fc.constantFrom<25 | 50 | 75 | 100>(25, 50, 75, 100),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.constantFrom<'margin' | 'notional'>('margin', 'notional'),
        (availableCents, leverage, percent, feeMillis, priceCents, mode) => {
          const setting = { ...SETTING, contractOpenFeeRate: formatDecimal(BigInt(feeMillis), 6), maxQuantity: '0' };
          const available = formatDecimal(BigInt(availableCents), 2);
          const price = formatDecimal(BigInt(priceCents), 2);
          const amount = shortcutAmount({
            percent,
            mode,
            available,
            leverage,
            setting,
            moneyScale: 8,
            displayDecimals: 2,
          });
          if (amount === null) return;
          const preview = previewContractOrder({ ...base, setting, mode, leverage, price, available, amount });
          if (preview.state === 'empty' || !preview.quote) return; // too small to buy one unit
          const availableUnits = parseDecimal(available, 8);
          const budget = (availableUnits * BigInt(percent)) / 100n;
          expect(preview.quote.total <= budget).toBe(true);
          expect(preview.quote.total <= usableBalance(availableUnits, setting.maxBalanceShare)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
