import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumOfMoves } from '../decision';
import { formatDecimal } from '../decimal';
import { ADJUSTMENT_STATUS, decideAdjustmentApproval, parseAdjustmentAmount } from './adjustment';

const RUNS = 1_000;
const amountArbitrary = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((amount) => amount !== 0n);

describe('adjustment properties', () => {
  it('an approval posts moves that sum to zero and never leave the customer negative', () => {
    fc.assert(
      fc.property(
        amountArbitrary,
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (amount, available, requestedBy, approver) => {
          const decided = decideAdjustmentApproval({
            adjustment: { status: ADJUSTMENT_STATUS.pending, requestedBy, amount },
            approverStaffId: approver,
            available,
            scale: 8,
          });
          if (requestedBy === approver) {
            expect(decided.problem?.code).toBe('adjustment_own');
            return;
          }
          if (decided.problem) {
            expect(decided.problem.code).toBe('adjustment_insufficient_balance');
            expect(available + amount).toBeLessThan(0n);
            return;
          }
          expect(sumOfMoves(decided.moves)).toBe(0n);
          const customer = decided.moves.find((move) => move.role === 'customer_available');
          expect(customer?.amount).toBe(amount);
          expect(available + (customer?.amount ?? 0n)).toBeGreaterThanOrEqual(0n);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('parsing the formatted amount gives the amount back, sign included', () => {
    fc.assert(
      fc.property(amountArbitrary, fc.integer({ min: 0, max: 8 }), (amount, scale) => {
        const parsed = parseAdjustmentAmount(formatDecimal(amount, scale), scale);
        if (parsed.problem) expect(parsed.problem.code).toBe('adjustment_amount_too_large');
        else expect(parsed.units).toBe(amount);
      }),
      { numRuns: RUNS },
    );
  });
});
