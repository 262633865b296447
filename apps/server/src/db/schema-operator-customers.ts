import type { Generated } from 'kysely';

/** Tables of the operator console's customer care (migration 0016; see schema.ts for the conventions). */
export interface OperatorCustomerTables {
  customer_operator_lock: CustomerOperatorLockTable;
  balance_adjustment: BalanceAdjustmentTable;
  reconcile_run: ReconcileRunTable;
}

/** A customer an operator has locked; the row's presence is the lock. */
export interface CustomerOperatorLockTable {
  user_id: number;
  locked_at: number;
  staff_id: number;
  reason: string;
}

export interface BalanceAdjustmentTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  /** The currency's scale when it was asked for: amount_units are at this scale. */
  scale: number;
  /** Signed units: positive credits the customer's available balance. Never zero. */
  amount_units: string | bigint;
  reason: string;
  /** 0 pending, 1 approved, 2 rejected (contract ADJUSTMENT_STATUS). */
  status: number;
  requested_by: number;
  requested_at: number;
  reviewed_by: number | null;
  reviewed_at: number | null;
  review_reason: string;
  entry_id: number | null;
}

export interface ReconcileRunTable {
  id: Generated<number>;
  ran_at: number;
  ok: number;
  differences: number;
  entries_checked: number;
  accounts_checked: number;
  duration_ms: number;
  /** The operator who asked for it; null for a run of the schedule (0019). */
  staff_id: number | null;
  problems_json: string;
}
