import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, multiply } from '../decimal';
import { sumOfMoves } from '../decision';
import type { LiquidationMethod, ProductScales, ScaledValue } from './contract-math';
import { decideContractOpen, type ContractOpenInput } from './open-contract';

const MONEY = 8;
const RUNS = 500;
const LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125, 200];

const scalesArbitrary: fc.Arbitrary<ProductScales> = fc.record({
  priceScale: fc.integer({ min: 0, max: 5 }),
  quantityScale: fc.integer({ min: 0, max: 5 }),
  contractSize: fc.record({ units: fc.constantFrom(1n, 5n, 20n, 50n, 100n, 25n), scale: fc.constantFrom(0, 1) }),
  moneyScale: fc.constant(MONEY),
});
const fractionArbitrary = (min: bigint) =>
  fc.record({ units: fc.bigInt({ min, max: 1_000_000n }), scale: fc.constant(6) }) as fc.Arbitrary<ScaledValue>;

/** Orders that pass the input rules often enough to reach the money rules, and terms wide enough to let them. */
const inputArbitrary: fc.Arbitrary<ContractOpenInput> = fc
  .record({
    scales: scalesArbitrary,
    price: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    leverage: fc.constantFrom(...LEVERAGES),
    byMargin: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 10n ** 14n }),
    direction: fc.constantFrom<'long' | 'short'>('long', 'short'),
    feeRate: fc.option(fractionArbitrary(0n), { nil: null }),
    share: fractionArbitrary(1n),
    method: fc.constantFrom<LiquidationMethod>(1, 2, 3),
    ratio: fractionArbitrary(1n),
    available: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    openCount: fc.integer({ min: 0, max: 201 }),
  })
  .map((drawn) => {
    const typed = formatDecimal(drawn.amount, MONEY);
    return {
      order: {
        direction: drawn.direction,
        leverage: drawn.leverage,
        ...(drawn.byMargin ? { margin: typed } : { notional: typed }),
      },
      terms: {
        levers: LEVERAGES,
        minQuantity: { units: 0n, scale: 0 },
        maxQuantity: { units: 0n, scale: 0 },
        minMargin: { units: 0n, scale: 0 },
        maxMargin: { units: 0n, scale: 0 },
        maxBalanceShare: drawn.share,
        minHoldSeconds: 10,
        liquidationMethod: drawn.method,
        liquidationRatio: drawn.ratio,
      },
      scales: drawn.scales,
      price: drawn.price,
      feeRate: drawn.feeRate && { text: formatDecimal(drawn.feeRate.units, drawn.feeRate.scale), rate: drawn.feeRate },
      openPositions: { count: drawn.openCount, maximum: 200 },
      available: drawn.available,
      now: 0,
    };
  });

describe('opening a contract: money invariants', () => {
  it('an opening moves margin + fee out of available and nothing else: the moves sum to zero, no move is zero', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const decision = decideContractOpen(input);
        if (decision.problem) return;
        const { position, moves } = decision;
        expect(sumOfMoves(moves)).toBe(0n);
        expect(moves.every((move) => move.amount !== 0n)).toBe(true);
        expect(moves.find((move) => move.role === 'available')?.amount).toBe(-(position.margin + position.openFee));
        expect(moves.find((move) => move.role === 'margin')?.amount).toBe(position.margin);
      }),
      { numRuns: RUNS },
    );
  });

  it('the customer never pays more than the available balance, nor more than the share of it one order may use', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const decision = decideContractOpen(input);
        if (decision.problem) return;
        const cost = decision.position.margin + decision.position.openFee;
        const share = input.terms.maxBalanceShare;
        expect(cost <= input.available).toBe(true);
        expect(cost <= multiply(input.available, MONEY, share.units, share.scale, MONEY, 'down')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('the margin is the notional over the leverage rounded up; the fee is never negative and rounded up', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const decision = decideContractOpen(input);
        if (decision.problem || !input.feeRate) return;
        const { notional, margin, openFee } = decision.position;
        const leverage = BigInt(input.order.leverage);
        expect(margin * leverage >= notional).toBe(true);
        expect((margin - 1n) * leverage < notional).toBe(true);
        const rate = input.feeRate.rate;
        const exactTimesScale = notional * rate.units; // the exact fee is this / 10^rate.scale
        const scaleFactor = 10n ** BigInt(rate.scale);
        expect(openFee >= 0n).toBe(true);
        expect(openFee * scaleFactor >= exactTimesScale).toBe(true);
        expect(openFee === 0n || (openFee - 1n) * scaleFactor < exactTimesScale).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a refused opening carries nothing to write, and only the rules decide: enough balance is never refused for money', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const decision = decideContractOpen(input);
        if (decision.problem) {
          expect(Object.keys(decision)).toEqual(['problem']);
          return;
        }
        // An accepted order stays accepted with more balance, and opens the same position.
        const richer = decideContractOpen({ ...input, available: input.available * 2n + 1n });
        expect(richer.problem).toBeNull();
        if (!richer.problem) expect(richer.position.margin).toBe(decision.position.margin);
      }),
      { numRuns: RUNS },
    );
  });
});
