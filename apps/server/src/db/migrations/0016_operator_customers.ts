import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * The operator console's customer care (issue 16, features/customer-care): operator locks of customer
 * accounts, manual balance adjustments (asked for, then approved by a second operator), the stored
 * reconcile runs, and the time indexes the dashboard's 24-hour and 7-day figures read. Depends on 0002
 * (ledger), 0003 (funding), 0005-0007 (trading), 0013 (identity).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- A row per locked customer: present = locked. Unlocking deletes it; the audit log keeps the history. ----
  await db.schema
    .createTable('customer_operator_lock')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('locked_at', 'bigint', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .execute();

  // ---- A manual adjustment: pending until a second operator approves (one entry) or rejects it. ----
  await withId(db.schema.createTable('balance_adjustment'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('scale', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('review_reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addCheckConstraint('balance_adjustment_status', sql`status in (0, 1, 2)`)
    .addCheckConstraint('balance_adjustment_amount', sql`amount_units <> 0`)
    // Four eyes: an approval is never the requester's (a requester may withdraw their own by rejecting it).
    .addCheckConstraint('balance_adjustment_four_eyes', sql`status <> 1 or reviewed_by <> requested_by`)
    .execute();
  await db.schema.createIndex('balance_adjustment_status').on('balance_adjustment').columns(['status', 'id']).execute();
  await db.schema.createIndex('balance_adjustment_user').on('balance_adjustment').columns(['user_id', 'id']).execute();

  // ---- One row per reconcile run an operator started: the dashboard shows the latest. ----
  await withId(db.schema.createTable('reconcile_run'), dialect)
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('differences', 'integer', (c) => c.notNull())
    .addColumn('entries_checked', 'integer', (c) => c.notNull())
    .addColumn('accounts_checked', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    // The first differences as a JSON array of strings (bounded by the service).
    .addColumn('problems_json', 'text', (c) => c.notNull())
    .execute();

  // ---- Time indexes for the dashboard: each window is a range scan, not a table scan. ----
  const timeIndexes: [string, string, string][] = [
    ['console_journal_entry_time', 'journal_entry', 'created_at'],
    ['console_user_account_time', 'user_account', 'created_at'],
    ['console_spot_order_bought', 'spot_order', 'buy_time'],
    ['console_spot_order_sold', 'spot_order', 'sell_time'],
    ['console_contract_position_opened', 'contract_position', 'open_time'],
    ['console_fast_trade_opened', 'fast_trade_order', 'open_time'],
    ['console_bibi_trade_time', 'bibi_trade', 'created_at'],
  ];
  for (const [name, table, column] of timeIndexes) await db.schema.createIndex(name).on(table).column(column).execute();
  await db.schema
    .createIndex('console_identity_status')
    .on('identity_verification')
    .columns(['status', 'id'])
    .execute();
}
