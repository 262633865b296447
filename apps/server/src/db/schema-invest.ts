import type { Book } from '@kestrel/contract';
import type { Generated } from 'kysely';

/** Tables of the investment products and the scheduler (migration 0008; see schema.ts for the conventions). */
export interface InvestTables {
  job_run: JobRunTable;
  new_share_product: NewShareProductTable;
  new_share_subscription: NewShareSubscriptionTable;
  staking_product: StakingProductTable;
  staking_order: StakingOrderTable;
  staking_accrual: StakingAccrualTable;
  staking_commitment: StakingCommitmentTable;
  loan_product: LoanProductTable;
  loan_order: LoanOrderTable;
  loan_accrual: LoanAccrualTable;
  loan_repayment: LoanRepaymentTable;
}

/** Integer units; read them through CAST(... AS TEXT) (core/columns.ts). */
type Units = string | bigint;

/** A (job, period) that ran to its end: the scheduler never runs it again. */
export interface JobRunTable {
  job_name: string;
  period_start: number;
  started_at: number;
  finished_at: number;
  summary: string;
}

export interface NewShareProductTable {
  id: Generated<number>;
  product_code: string;
  name: string;
  description: string;
  currency_id: number;
  money_scale: number;
  issue_price_units: Units;
  lot_size: number;
  max_lots_per_customer: number;
  supply_lots: number;
  subscribe_start: number;
  subscribe_end: number;
  allocation_time: number;
  listing_time: number;
  lockup_days: number;
  unlock_time: number;
  /** 'lottery' or 'pro_rata'. */
  allocation_rule: string;
  /** Hex; never shown before allocated_at is set. */
  seed: string;
  seed_commitment: string;
  demo_allowed: number;
  is_visible: number;
  allocated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface NewShareSubscriptionTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  book: Book;
  lots: number;
  lot_size: number;
  currency_id: number;
  money_scale: number;
  issue_price_units: Units;
  frozen_units: Units;
  /** SUBSCRIPTION_STATUS: 0 pending, 1 allocated, 2 nothing allocated, 3 delivered. */
  status: number;
  allocated_lots: number | null;
  allocated_units: Units | null;
  refund_units: Units | null;
  subscribe_entry_id: number | null;
  allocation_entry_id: number | null;
  spot_order_id: number | null;
  created_at: number;
  allocated_at: number | null;
  delivered_at: number | null;
}

/** What staking and loan products both have: a name, a currency, whether they take orders, where they are listed. */
interface ListedProductColumns {
  id: Generated<number>;
  name: string;
  description: string;
  currency_id: number;
  paused: number;
  demo_allowed: number;
  is_visible: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** What a staking order and a loan both are: a customer's principal in one product, book and currency. */
interface CustomerPrincipalColumns {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  book: Book;
  currency_id: number;
  /** The currency's scale when the order was made: every *_units column is at it. */
  money_scale: number;
  principal_units: Units;
}

export interface StakingProductTable extends ListedProductColumns {
  term_days: number;
  daily_rate: string;
  min_units: Units;
  max_units: Units;
  per_customer_max_units: Units;
  penalty_rate: string;
  quota_units: Units;
}

export interface StakingOrderTable extends CustomerPrincipalColumns {
  daily_rate: string;
  term_days: number;
  penalty_rate: string;
  daily_yield_units: Units;
  expected_yield_units: Units;
  days_accrued: number;
  accrued_units: Units;
  start_time: number;
  maturity_time: number;
  /** STAKING_ORDER_STATUS: 0 active, 1 matured, 2 redeemed early. */
  status: number;
  penalty_units: Units;
  payout_units: Units | null;
  open_entry_id: number | null;
  end_entry_id: number | null;
  end_time: number | null;
}

export interface StakingAccrualTable {
  order_id: number;
  /** 1..term_days: the day this yield paid for. */
  day: number;
  yield_units: Units;
  entry_id: number;
  created_at: number;
}

export interface StakingCommitmentTable {
  book: Book;
  currency_id: number;
  committed_units: Units;
}

export interface LoanProductTable extends ListedProductColumns {
  min_units: Units;
  max_units: Units;
  term_days: number;
  daily_rate: string;
  interest_free_days: number;
  overdue_daily_rate: string;
  max_open_loans: number;
}

export interface LoanOrderTable extends CustomerPrincipalColumns {
  term_days: number;
  daily_rate: string;
  interest_free_days: number;
  overdue_daily_rate: string;
  /** LOAN_STATUS: 0 applied, 1 active, 2 settled, 3 rejected. */
  status: number;
  review_reason: string;
  reviewer_staff_id: number | null;
  apply_time: number;
  approve_time: number | null;
  due_time: number | null;
  days_accrued: number;
  interest_accrued_units: Units;
  principal_repaid_units: Units;
  interest_repaid_units: Units;
  disburse_entry_id: number | null;
  settle_time: number | null;
}

export interface LoanAccrualTable {
  loan_id: number;
  day: number;
  interest_units: Units;
  /** Null for a day of 0 interest (nothing to post). */
  entry_id: number | null;
  created_at: number;
}

export interface LoanRepaymentTable {
  id: Generated<number>;
  loan_id: number;
  user_id: number;
  amount_units: Units;
  interest_part_units: Units;
  principal_part_units: Units;
  receipt_img: string;
  entry_id: number;
  created_at: number;
}
