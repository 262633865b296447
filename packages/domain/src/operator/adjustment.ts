/**
 * Manual balance adjustments (issue 16), pure. An operator with the money role asks for one (a signed
 * amount and a reason); a SECOND operator approves it, and only then one journal entry moves the
 * amount between the customer's available balance and the platform's adjustment account. Nothing
 * here reads a clock, a database or a role: the server passes what it loaded and writes what this
 * decides.
 */
import { DecimalFormatError, formatDecimal, parseDecimal, pow10 } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { problem, type Problem } from '../problem';

/** Status of an adjustment: asked for, then approved (money moved) or rejected (nothing moved). */
export const ADJUSTMENT_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUS)[keyof typeof ADJUSTMENT_STATUS];

/** No single adjustment moves more than a billion whole units of its currency. */
export const ADJUSTMENT_WHOLE_UNITS_MAX = 1_000_000_000n;
/** Nor more units than a BIGINT balance can take with room to spare. */
export const ADJUSTMENT_UNITS_MAX = 10n ** 18n;

export type AdjustmentAmountProblemCode =
  | 'adjustment_amount_invalid'
  | 'adjustment_amount_zero'
  | 'adjustment_amount_precision'
  | 'adjustment_amount_too_large';

export type AdjustmentAmount = { problem: Problem<AdjustmentAmountProblemCode> } | { problem: null; units: bigint };

/** The largest absolute amount an adjustment may move at `scale`, in units. */
export function adjustmentUnitsMax(scale: number): bigint {
  const byWholeUnits = ADJUSTMENT_WHOLE_UNITS_MAX * pow10(scale);
  return byWholeUnits < ADJUSTMENT_UNITS_MAX ? byWholeUnits : ADJUSTMENT_UNITS_MAX;
}

/**
 * The operator's signed amount at the currency's scale: a plain decimal with an optional leading '-'
 * (a debit), never zero, never finer than the currency, never beyond `adjustmentUnitsMax`.
 */
export function parseAdjustmentAmount(text: string, scale: number): AdjustmentAmount {
  let units: bigint;
  try {
    units = parseDecimal(text, scale);
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    if (error.reason === 'precision') return { problem: problem('adjustment_amount_precision', { scale }) };
    if (error.reason === 'range') return tooLarge(scale);
    return { problem: problem('adjustment_amount_invalid') };
  }
  if (units === 0n) return { problem: problem('adjustment_amount_zero') };
  const magnitude = units < 0n ? -units : units;
  if (magnitude > adjustmentUnitsMax(scale)) return tooLarge(scale);
  return { problem: null, units };
}

function tooLarge(scale: number): AdjustmentAmount {
  return {
    problem: problem('adjustment_amount_too_large', {
      max: formatDecimal(adjustmentUnitsMax(scale), scale, { trimZeros: true }),
    }),
  };
}

/** The customer's available balance and the platform's adjustment account, in the adjustment's currency. */
export type AdjustmentAccountRole = 'customer_available' | 'operator_adjustment';
export type AdjustmentMove = LedgerMove<AdjustmentAccountRole>;

export interface AdjustmentApprovalInput {
  adjustment: { status: number; requestedBy: number; amount: bigint };
  approverStaffId: number;
  /** The customer's available balance in the adjustment's currency now (under the customer's lock). */
  available: bigint;
  /** The currency's scale, for the refusal's figure. */
  scale: number;
}

export type AdjustmentApprovalProblemCode =
  'adjustment_not_pending' | 'adjustment_own' | 'adjustment_insufficient_balance';

export type AdjustmentApproval = Decision<AdjustmentApprovalProblemCode, { moves: AdjustmentMove[] }>;

/**
 * Whether an approval may go through, and what it moves. First problem wins: not pending (approved or
 * rejected already), the approver asked for it themselves (four eyes), a debit larger than the
 * customer's available balance (an adjustment never makes a balance negative). The moves:
 *   customer available  +amount      operator adjustment  -amount
 * so a credit comes out of the platform's adjustment account (negative by design: what the platform
 * has given) and a debit goes back into it; the two always sum to zero.
 */
export function decideAdjustmentApproval(input: AdjustmentApprovalInput): AdjustmentApproval {
  const { adjustment } = input;
  if (adjustment.status !== ADJUSTMENT_STATUS.pending) return refusal(problem('adjustment_not_pending'));
  if (adjustment.requestedBy === input.approverStaffId) return refusal(problem('adjustment_own'));
  if (adjustment.amount === 0n) throw new RangeError('an adjustment of zero was stored');
  if (input.available + adjustment.amount < 0n) {
    return refusal(
      problem('adjustment_insufficient_balance', { available: formatDecimal(input.available, input.scale) }),
    );
  }
  return {
    problem: null,
    moves: nonZeroMoves<AdjustmentMove>([
      { role: 'customer_available', amount: adjustment.amount },
      { role: 'operator_adjustment', amount: -adjustment.amount },
    ]),
  };
}
