import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../decimal';
import type { ProductScales, ScaledValue } from './contract-math';
import { decideContractOpen, type ContractOpenInput, type ContractOrder, type ContractTerms } from './open-contract';

/** A configured decimal at exactly the precision it is written with. */
function scaled(text: string): ScaledValue {
  const [whole = '0', fraction = ''] = text.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

const usdt = (text: string) => parseDecimal(text, 8);
const NOW = Date.UTC(2026, 10, 18, 15, 0, 0);

/** BTC as seeded: prices at 2 decimals, quantities at 5, liquidation at 90 % of the margin. */
const BTC: ProductScales = { priceScale: 2, quantityScale: 5, contractSize: scaled('1'), moneyScale: 8 };
const TERMS: ContractTerms = {
  levers: [1, 2, 5, 10, 20, 50, 100],
  minQuantity: scaled('0.00001'),
  maxQuantity: scaled('200'),
  minMargin: scaled('1'),
  maxMargin: scaled('0'),
  maxBalanceShare: scaled('1'),
  minHoldSeconds: 10,
  liquidationMethod: 2,
  liquidationRatio: scaled('0.9'),
};

function input(order: Partial<ContractOrder>, overrides: Partial<ContractOpenInput> = {}): ContractOpenInput {
  return {
    order: { direction: 'long', leverage: 10, ...order },
    terms: TERMS,
    scales: BTC,
    price: parseDecimal('100000', 2),
    feeRate: { text: '0.0005', rate: scaled('0.0005') },
    openPositions: { count: 0, maximum: 200 },
    available: usdt('10000'),
    now: NOW,
    ...overrides,
  };
}

const problemOf = (value: ContractOpenInput) => decideContractOpen(value).problem;

describe('opening a contract position', () => {
  it('opens a long from a notional: quantity down, margin and fee up, the liquidation level, three moves', () => {
    const decision = decideContractOpen(input({ notional: '1000', takeProfit: '110000', stopLoss: '95000' }));
    expect(decision).toEqual({
      problem: null,
      position: {
        quantity: 1_000n, // 0.01000
        openPrice: 10_000_000n,
        notional: usdt('1000'),
        margin: usdt('100'),
        openFeeRate: '0.0005',
        openFee: usdt('0.5'),
        stopProfit: 11_000_000n,
        stopLoss: 9_500_000n,
        liquidationMethod: 2,
        liquidationRatio: '0.9',
        lossLimit: usdt('90'),
        liquidationPrice: 9_100_000n, // 91000.00
        openTime: NOW,
        closableTime: NOW + 10_000,
      },
      moves: [
        { role: 'available', amount: -usdt('100.5') },
        { role: 'margin', amount: usdt('100') },
        { role: 'fees', amount: usdt('0.5') },
      ],
    });
  });

  it('opens a short from a margin: the notional is margin x leverage, the level above the price', () => {
    const decision = decideContractOpen(
      input(
        { direction: 'short', leverage: 20, margin: '50' },
        { price: parseDecimal('4000', 2), scales: { ...BTC, quantityScale: 4 } },
      ),
    );
    if (decision.problem) throw new Error(decision.problem.code);
    expect(decision.position).toMatchObject({
      quantity: 2_500n, // 0.2500
      notional: usdt('1000'),
      margin: usdt('50'),
      openFee: usdt('0.5'),
      lossLimit: usdt('45'),
      liquidationPrice: 418_000n, // 4180.00
    });
  });

  it('prices what the quantity actually buys: a notional that is not a whole quantity opens less, margin rounded up', () => {
    // 1234.56789 at 99999.99 buys 0.01234 (rounded down); 0.01234 x 99999.99 = 1233.9998766 exactly.
    const decision = decideContractOpen(
      input({ notional: '1234.56789', leverage: 3 }, { price: 9_999_999n, terms: { ...TERMS, levers: [3] } }),
    );
    if (decision.problem) throw new Error(decision.problem.code);
    expect(decision.position.quantity).toBe(1_234n);
    expect(decision.position.notional).toBe(123_399_987_660n);
    // 1233.9998766 / 3 = 411.33329220 exactly; 1 unit more would be rounded up, never down.
    expect(decision.position.margin).toBe(41_133_329_220n);
    // 1000 at 7.00 buys 142.85714, worth 999.99998; a third of that is 333.333326666..., charged as 333.33332667.
    const uneven = decideContractOpen(
      input(
        { notional: '1000', leverage: 3 },
        { price: 700n, terms: { ...TERMS, levers: [3], maxQuantity: scaled('0') } },
      ),
    );
    if (uneven.problem) throw new Error(uneven.problem.code);
    expect(uneven.position).toMatchObject({
      quantity: 14_285_714n,
      notional: 99_999_998_000n,
      margin: 33_333_332_667n,
    });
  });

  it('leaves a zero fee out of the moves (the ledger refuses zero postings)', () => {
    const decision = decideContractOpen(input({ notional: '1000' }, { feeRate: { text: '0', rate: scaled('0') } }));
    if (decision.problem) throw new Error(decision.problem.code);
    expect(decision.moves).toEqual([
      { role: 'available', amount: -usdt('100') },
      { role: 'margin', amount: usdt('100') },
    ]);
  });

  it('method 1 counts the balance left after the opening; method 3 has no liquidation level', () => {
    const method1 = decideContractOpen(
      input({ notional: '1000' }, { terms: { ...TERMS, liquidationMethod: 1, liquidationRatio: scaled('0.5') } }),
    );
    if (method1.problem) throw new Error(method1.problem.code);
    // (10000 - 100.5 + 100) x 0.5
    expect(method1.position.lossLimit).toBe(usdt('4999.75'));
    const method3 = decideContractOpen(input({ notional: '1000' }, { terms: { ...TERMS, liquidationMethod: 3 } }));
    if (method3.problem) throw new Error(method3.problem.code);
    expect(method3.position).toMatchObject({ lossLimit: usdt('100'), liquidationPrice: null });
  });

  it('refuses each rule with the key and params the server has always sent', () => {
    expect(problemOf(input({ notional: '100', leverage: 3 }))).toEqual({
      code: 'leverage_not_allowed',
      params: { levers: '1/2/5/10/20/50/100' },
    });
    expect(problemOf(input({}))?.code).toBe('order_amount_required');
    expect(problemOf(input({ notional: '100', margin: '10' }))?.code).toBe('order_amount_required');
    expect(problemOf(input({ notional: 'abc' }))?.code).toBe('amount_invalid');
    expect(problemOf(input({ notional: '0' }))?.code).toBe('amount_not_positive');
    expect(problemOf(input({ margin: '-5' }))?.code).toBe('amount_not_positive');
    expect(problemOf(input({ notional: '1.123456789' }))).toEqual({
      code: 'amount_precision',
      params: { decimals: 8 },
    });
    // Finer than the scale is found before the sign (unlike a funding amount).
    expect(problemOf(input({ notional: '-0.000000001' }))?.code).toBe('amount_precision');
    expect(problemOf(input({ notional: '0.5' }))?.code).toBe('order_too_small');
    const bounded = { ...TERMS, minQuantity: scaled('0.001'), maxQuantity: scaled('0.05'), maxMargin: scaled('300') };
    expect(problemOf(input({ notional: '50' }, { terms: bounded }))).toEqual({
      code: 'quantity_below_minimum',
      params: { min: '0.001' },
    });
    expect(problemOf(input({ notional: '6000' }, { terms: bounded }))).toEqual({
      code: 'quantity_above_maximum',
      params: { max: '0.05' },
    });
    expect(problemOf(input({ notional: '5' }))).toEqual({ code: 'margin_below_minimum', params: { min: '1' } });
    expect(problemOf(input({ notional: '4000', leverage: 5 }, { terms: bounded }))).toEqual({
      code: 'margin_above_maximum',
      params: { max: '300' },
    });
    expect(problemOf(input({ notional: '100', stopLoss: '1.001' }))).toEqual({
      code: 'price_invalid',
      params: { decimals: 2 },
    });
    expect(problemOf(input({ notional: '100', takeProfit: '0' }))?.code).toBe('price_invalid');
    expect(problemOf(input({ notional: '100', takeProfit: '99000' }))?.code).toBe('take_profit_wrong_side');
    expect(problemOf(input({ notional: '100', stopLoss: '100001' }))?.code).toBe('stop_loss_wrong_side');
    expect(problemOf(input({ notional: '100', direction: 'short', stopLoss: '99000' }))?.code).toBe(
      'stop_loss_wrong_side',
    );
    expect(problemOf(input({ notional: '100' }, { feeRate: null }))).toEqual({
      code: 'fee_not_configured',
      params: {},
    });
    expect(problemOf(input({ notional: '100' }, { openPositions: { count: 200, maximum: 200 } }))).toEqual({
      code: 'open_positions_limit',
      params: { max: 200 },
    });
    expect(problemOf(input({ notional: '200000' }))?.code).toBe('insufficient_balance');
    expect(problemOf(input({ margin: '6000' }, { terms: { ...TERMS, maxBalanceShare: scaled('0.5') } }))).toEqual({
      code: 'balance_share_exceeded',
      params: { percent: '50' },
    });
  });

  it('refuses the first rule broken, in the server order', () => {
    const everything = input(
      { notional: 'abc', margin: '1', leverage: 3, stopLoss: 'x' },
      { feeRate: null, available: 0n, openPositions: { count: 200, maximum: 200 } },
    );
    expect(problemOf(everything)?.code).toBe('leverage_not_allowed');
    expect(problemOf({ ...everything, order: { ...everything.order, leverage: 10 } })?.code).toBe(
      'order_amount_required',
    );
    // A malformed stop level is found before the fee, and a wrong side before the open-position bound.
    expect(problemOf(input({ notional: '100', stopLoss: 'x' }, { feeRate: null }))?.code).toBe('price_invalid');
    expect(problemOf(input({ notional: '100', stopLoss: '200000' }, { feeRate: null }))?.code).toBe(
      'stop_loss_wrong_side',
    );
    expect(problemOf(input({ notional: '200000' }, { feeRate: null }))?.code).toBe('fee_not_configured');
    expect(problemOf(input({ notional: '200000' }, { openPositions: { count: 200, maximum: 200 } }))?.code).toBe(
      'open_positions_limit',
    );
    // More than the balance is named before more than the share of it.
    expect(problemOf(input({ margin: '20000' }, { terms: { ...TERMS, maxBalanceShare: scaled('0.5') } }))?.code).toBe(
      'insufficient_balance',
    );
  });

  it('a refusal carries nothing to write', () => {
    expect(decideContractOpen(input({ notional: '200000' }))).toEqual({
      problem: { code: 'insufficient_balance', params: {} },
    });
  });
});
