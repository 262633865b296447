import type { Kysely, CreateTableBuilder } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, never>;

/**
 * Deposits, withdrawals, uploads and staff (issue "Money core"): owned by features/funding.
 * Money is BIGINT units at the currency's scale; times are BIGINT milliseconds; statuses are small integers
 * with the meanings API-FACTS gives them. Balances are never stored here: the ledger holds them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const create = (name: string): Table => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  // One row per (customer, stored file): the file itself is shared by content hash, ownership is per row.
  await create('upload_file')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('upload_file_owner', ['user_id', 'file_key'])
    .execute();

  // status: 0 pending, 1 confirmed, 2 rejected.
  await create('deposit_order')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('proof_image_key', 'varchar(80)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reviewer_staff_id', 'integer')
    .addColumn('review_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('entry_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deposit_order_user').on('deposit_order').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposit_order_status').on('deposit_order').columns(['status', 'id']).execute();

  // status: 0 pending, 1 paid, 2 rejected, 3 cancelled. The destination is snapshotted at request time
  // so the operator pays where the customer asked, even if the address is edited or deleted later.
  await create('withdrawal_order')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('net_units', 'bigint', (c) => c.notNull())
    .addColumn('destination_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('destination_id', 'integer', (c) => c.notNull())
    .addColumn('destination_reference', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reviewer_staff_id', 'integer')
    .addColumn('review_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawal_order_user').on('withdrawal_order').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawal_order_status').on('withdrawal_order').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('withdrawal_order_daily')
    .on('withdrawal_order')
    .columns(['user_id', 'channel_id', 'created_at'])
    .execute();

  // Wrong withdrawal passwords and the lock they cause; the row also serializes one customer's withdrawals.
  await db.schema
    .createTable('withdrawal_guard')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();

  // role: finance | support | admin. Staff never share tables with customers, so no token crosses over.
  await create('staff_member')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_session_staff').on('staff_session').column('staff_id').execute();

  await create('operator_audit')
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_audit_target')
    .on('operator_audit')
    .columns(['target_type', 'target_id'])
    .execute();
}
