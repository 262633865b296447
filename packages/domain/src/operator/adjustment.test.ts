import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_STATUS,
  adjustmentUnitsMax,
  decideAdjustmentApproval,
  parseAdjustmentAmount,
  type AdjustmentApprovalInput,
} from './adjustment';

function approval(overrides: Partial<AdjustmentApprovalInput> = {}): AdjustmentApprovalInput {
  return {
    adjustment: { status: ADJUSTMENT_STATUS.pending, requestedBy: 1, amount: 500n },
    approverStaffId: 2,
    available: 1_000n,
    scale: 2,
    ...overrides,
  };
}

describe('parseAdjustmentAmount', () => {
  it('reads a credit and a debit at the scale', () => {
    expect(parseAdjustmentAmount('12.5', 2)).toEqual({ problem: null, units: 1_250n });
    expect(parseAdjustmentAmount('-0.01', 2)).toEqual({ problem: null, units: -1n });
    expect(parseAdjustmentAmount(' 3 ', 0)).toEqual({ problem: null, units: 3n });
  });

  it('refuses zero, a bad shape, too many decimals and too much', () => {
    expect(parseAdjustmentAmount('0.00', 2).problem?.code).toBe('adjustment_amount_zero');
    expect(parseAdjustmentAmount('-0', 2).problem?.code).toBe('adjustment_amount_zero');
    for (const text of ['', 'abc', '+1', '1e3', '1.', '.5', '1 000', '--1'])
      expect(parseAdjustmentAmount(text, 2).problem?.code, text).toBe('adjustment_amount_invalid');
    expect(parseAdjustmentAmount('0.001', 2).problem).toEqual({
      code: 'adjustment_amount_precision',
      params: { scale: 2 },
    });
    expect(parseAdjustmentAmount('1000000000.01', 2).problem).toEqual({
      code: 'adjustment_amount_too_large',
      params: { max: '1000000000' },
    });
    expect(parseAdjustmentAmount('-1000000000', 2).problem).toBeNull();
    expect(parseAdjustmentAmount('9'.repeat(40), 2).problem?.code).toBe('adjustment_amount_too_large');
  });

  it('caps the units so a balance column cannot overflow', () => {
    expect(adjustmentUnitsMax(8)).toBe(100_000_000_000_000_000n);
    expect(adjustmentUnitsMax(18)).toBe(10n ** 18n);
  });
});

describe('decideAdjustmentApproval', () => {
  it('credits the customer from the adjustment account', () => {
    expect(decideAdjustmentApproval(approval())).toEqual({
      problem: null,
      moves: [
        { role: 'customer_available', amount: 500n },
        { role: 'operator_adjustment', amount: -500n },
      ],
    });
  });

  it('debits the customer down to exactly zero', () => {
    const decided = decideAdjustmentApproval(approval({ adjustment: { status: 0, requestedBy: 1, amount: -1_000n } }));
    expect(decided.problem).toBeNull();
  });

  it('refuses a debit beyond the available balance, naming the balance', () => {
    const decided = decideAdjustmentApproval(approval({ adjustment: { status: 0, requestedBy: 1, amount: -1_001n } }));
    expect(decided.problem).toEqual({ code: 'adjustment_insufficient_balance', params: { available: '10.00' } });
  });

  it('refuses the requester approving their own adjustment', () => {
    expect(decideAdjustmentApproval(approval({ approverStaffId: 1 })).problem?.code).toBe('adjustment_own');
  });

  it('refuses an adjustment that is no longer pending, before anything else', () => {
    for (const status of [ADJUSTMENT_STATUS.approved, ADJUSTMENT_STATUS.rejected]) {
      const decided = decideAdjustmentApproval(
        approval({ adjustment: { status, requestedBy: 1, amount: -5_000n }, approverStaffId: 1 }),
      );
      expect(decided.problem?.code).toBe('adjustment_not_pending');
    }
  });
});
