import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH } from '@kestrel/domain';

type Dialect = 'sqlite' | 'postgres';

/** The double-entry ledger (DESIGN.md §3): accounts, append-only hash-chained entries, postings, idempotency. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await serial(db.schema.createTable('ledger_account'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('balance_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ledger_account_owner', ['user_id', 'book', 'currency_id', 'kind'])
    // The database itself refuses a negative customer balance, whatever the code above it does.
    .addCheckConstraint('ledger_account_not_negative', sql`allow_negative = 1 or balance_units >= 0`)
    .execute();

  await db.schema
    .createTable('journal_entry')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reason_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('reference_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('reference_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('memo', 'varchar(500)', (c) => c.notNull())
    .addColumn('tick_id', 'varchar(80)')
    .addColumn('tick_source', 'varchar(32)')
    .addColumn('previous_hash', 'char(64)', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('journal_entry_reference')
    .on('journal_entry')
    .columns(['reference_type', 'reference_id'])
    .execute();

  await serial(db.schema.createTable('posting'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_units', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posting_account').on('posting').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('posting_entry').on('posting').column('entry_id').execute();

  await db.schema
    .createTable('ledger_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_entry_id', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'char(64)', (c) => c.notNull())
    .execute();
  await db.insertInto('ledger_head').values({ id: 1, last_entry_id: 0, last_hash: GENESIS_HASH }).execute();

  await serial(db.schema.createTable('idempotency_record'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('request_fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('idempotency_record_key', ['user_id', 'idempotency_key'])
    .execute();
}
