import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Investment products (issue 13): new shares, locked staking, loans, and the scheduler's run table.
 * Money is BIGINT units of the product's currency at `money_scale` (copied onto every order so an order
 * reads the same whatever is edited later); rates are decimal text at their own precision; times are
 * BIGINT milliseconds. Each periodic payment has its own row keyed by (order, day), so a payment can
 * never be made twice, whichever runner, restart or catch-up reaches it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- The scheduler: one row per (job, period) that has run to its end. ----
  await db.schema
    .createTable('job_run')
    .addColumn('job_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    // What the run did, for operators (counts, JSON).
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_run_key', ['job_name', 'period_start'])
    .execute();

  // ---- New shares ----
  await withId(db.schema.createTable('new_share_product'), dialect)
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('issue_price_units', 'bigint', (c) => c.notNull())
    .addColumn('lot_size', 'integer', (c) => c.notNull())
    .addColumn('max_lots_per_customer', 'integer', (c) => c.notNull())
    .addColumn('supply_lots', 'integer', (c) => c.notNull())
    .addColumn('subscribe_start', 'bigint', (c) => c.notNull())
    .addColumn('subscribe_end', 'bigint', (c) => c.notNull())
    .addColumn('allocation_time', 'bigint', (c) => c.notNull())
    .addColumn('listing_time', 'bigint', (c) => c.notNull())
    .addColumn('lockup_days', 'integer', (c) => c.notNull())
    .addColumn('unlock_time', 'bigint', (c) => c.notNull())
    .addColumn('allocation_rule', 'varchar(16)', (c) => c.notNull())
    // The seed is drawn by the server; customers see only its SHA-256 until allocation reveals it.
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_commitment', 'varchar(64)', (c) => c.notNull())
    .addColumn('demo_allowed', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('allocated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'new_share_product_terms',
      sql`issue_price_units > 0 and lot_size > 0 and max_lots_per_customer > 0 and supply_lots > 0 and subscribe_start < subscribe_end and subscribe_end <= allocation_time and allocation_time <= listing_time and lockup_days >= 0`,
    )
    .addCheckConstraint('new_share_product_rule', sql`allocation_rule in ('lottery', 'pro_rata')`)
    .execute();

  await withId(db.schema.createTable('new_share_subscription'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('lots', 'integer', (c) => c.notNull())
    .addColumn('lot_size', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('issue_price_units', 'bigint', (c) => c.notNull())
    .addColumn('frozen_units', 'bigint', (c) => c.notNull())
    // 0 pending, 1 allocated, 2 nothing allocated, 3 delivered (SUBSCRIPTION_STATUS).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('allocated_lots', 'integer')
    .addColumn('allocated_units', 'bigint')
    .addColumn('refund_units', 'bigint')
    .addColumn('subscribe_entry_id', 'integer')
    .addColumn('allocation_entry_id', 'integer')
    .addColumn('spot_order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('allocated_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addCheckConstraint('new_share_subscription_status', sql`status in (0, 1, 2, 3)`)
    .addCheckConstraint('new_share_subscription_lots', sql`lots > 0 and frozen_units > 0`)
    // Allocated + refunded is exactly what was frozen, and never more lots than subscribed.
    .addCheckConstraint(
      'new_share_subscription_allocation',
      sql`(status = 0 and allocated_lots is null and allocated_units is null and refund_units is null) or (status in (1, 2, 3) and allocated_lots >= 0 and allocated_lots <= lots and allocated_units + refund_units = frozen_units)`,
    )
    .execute();
  await db.schema
    .createIndex('new_share_subscription_owner')
    .on('new_share_subscription')
    .columns(['user_id', 'book', 'id'])
    .execute();
  await db.schema
    .createIndex('new_share_subscription_product')
    .on('new_share_subscription')
    .columns(['product_id', 'book', 'status'])
    .execute();

  // ---- Locked staking ----
  await withId(db.schema.createTable('staking_product'), dialect)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_units', 'bigint', (c) => c.notNull())
    .addColumn('max_units', 'bigint', (c) => c.notNull())
    .addColumn('per_customer_max_units', 'bigint', (c) => c.notNull())
    .addColumn('penalty_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('quota_units', 'bigint', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('demo_allowed', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'staking_product_terms',
      sql`term_days > 0 and min_units > 0 and min_units <= max_units and per_customer_max_units >= min_units and quota_units >= 0`,
    )
    .execute();

  await withId(db.schema.createTable('staking_order'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('principal_units', 'bigint', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('daily_yield_units', 'bigint', (c) => c.notNull())
    .addColumn('expected_yield_units', 'bigint', (c) => c.notNull())
    .addColumn('days_accrued', 'integer', (c) => c.notNull())
    .addColumn('accrued_units', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('maturity_time', 'bigint', (c) => c.notNull())
    // 0 active, 1 matured, 2 redeemed early (STAKING_ORDER_STATUS).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('penalty_units', 'bigint', (c) => c.notNull())
    .addColumn('payout_units', 'bigint')
    .addColumn('open_entry_id', 'integer')
    .addColumn('end_entry_id', 'integer')
    .addColumn('end_time', 'bigint')
    .addCheckConstraint('staking_order_status', sql`status in (0, 1, 2)`)
    .addCheckConstraint(
      'staking_order_amounts',
      sql`principal_units > 0 and days_accrued >= 0 and days_accrued <= term_days and accrued_units = daily_yield_units * days_accrued and expected_yield_units = daily_yield_units * term_days`,
    )
    .execute();
  await db.schema.createIndex('staking_order_owner').on('staking_order').columns(['user_id', 'book', 'id']).execute();
  await db.schema.createIndex('staking_order_active').on('staking_order').columns(['status', 'id']).execute();

  await db.schema
    .createTable('staking_accrual')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('yield_units', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('staking_accrual_key', ['order_id', 'day'])
    .execute();

  // Yield promised to active orders and not yet paid, per book and currency: an order is accepted only
  // by a conditional update that keeps this at or below the reserve's balance.
  await db.schema
    .createTable('staking_commitment')
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('committed_units', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('staking_commitment_key', ['book', 'currency_id'])
    .addCheckConstraint('staking_commitment_positive', sql`committed_units >= 0`)
    .execute();

  // ---- Loans ----
  await withId(db.schema.createTable('loan_product'), dialect)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('min_units', 'bigint', (c) => c.notNull())
    .addColumn('max_units', 'bigint', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('interest_free_days', 'integer', (c) => c.notNull())
    .addColumn('overdue_daily_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_open_loans', 'integer', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('demo_allowed', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'loan_product_terms',
      sql`min_units > 0 and min_units <= max_units and term_days > 0 and interest_free_days >= 0 and max_open_loans > 0`,
    )
    .execute();

  await withId(db.schema.createTable('loan_order'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('principal_units', 'bigint', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('interest_free_days', 'integer', (c) => c.notNull())
    .addColumn('overdue_daily_rate', 'varchar(40)', (c) => c.notNull())
    // 0 applied, 1 active, 2 settled, 3 rejected (LOAN_STATUS).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('review_reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('reviewer_staff_id', 'integer')
    .addColumn('apply_time', 'bigint', (c) => c.notNull())
    .addColumn('approve_time', 'bigint')
    .addColumn('due_time', 'bigint')
    .addColumn('days_accrued', 'integer', (c) => c.notNull())
    .addColumn('interest_accrued_units', 'bigint', (c) => c.notNull())
    .addColumn('principal_repaid_units', 'bigint', (c) => c.notNull())
    .addColumn('interest_repaid_units', 'bigint', (c) => c.notNull())
    .addColumn('disburse_entry_id', 'integer')
    .addColumn('settle_time', 'bigint')
    .addCheckConstraint('loan_order_status', sql`status in (0, 1, 2, 3)`)
    // Nothing is ever repaid beyond what is owed.
    .addCheckConstraint(
      'loan_order_amounts',
      sql`principal_units > 0 and principal_repaid_units >= 0 and principal_repaid_units <= principal_units and interest_repaid_units >= 0 and interest_repaid_units <= interest_accrued_units`,
    )
    .execute();
  await db.schema.createIndex('loan_order_owner').on('loan_order').columns(['user_id', 'book', 'id']).execute();
  await db.schema.createIndex('loan_order_status').on('loan_order').columns(['status', 'id']).execute();

  await db.schema
    .createTable('loan_accrual')
    .addColumn('loan_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('interest_units', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('loan_accrual_key', ['loan_id', 'day'])
    .execute();

  await withId(db.schema.createTable('loan_repayment'), dialect)
    .addColumn('loan_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('interest_part_units', 'bigint', (c) => c.notNull())
    .addColumn('principal_part_units', 'bigint', (c) => c.notNull())
    .addColumn('receipt_img', 'varchar(200)', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'loan_repayment_parts',
      sql`amount_units > 0 and interest_part_units >= 0 and principal_part_units >= 0 and interest_part_units + principal_part_units = amount_units`,
    )
    .execute();
  await db.schema.createIndex('loan_repayment_loan').on('loan_repayment').columns(['loan_id', 'id']).execute();
}
