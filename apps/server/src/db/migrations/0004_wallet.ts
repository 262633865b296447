import type { Kysely, CreateTableBuilder } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, never>;

/** An auto-increment integer primary key, spelled per dialect. */
function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

/** Exchange records, bank cards, wallet addresses, withdrawal-password lockout, demo accounts: owned by features/wallet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const create = (name: string) => withId(db.schema.createTable(name), dialect);

  // A real customer has at most one demo account and a demo account belongs to exactly one customer.
  await db.schema
    .createTable('demo_link')
    .addColumn('real_user_id', 'integer', (c) => c.primaryKey())
    .addColumn('demo_user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Which real session a demo session was entered from: leaving the demo account is allowed only while
  // that real session is still valid, so a password change (which ends every real session) also ends
  // the way back from demo sessions opened before it.
  await db.schema
    .createTable('demo_session')
    .addColumn('demo_token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('real_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await create('exchange_record')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id_from', 'integer', (c) => c.notNull())
    .addColumn('currency_id_to', 'integer', (c) => c.notNull())
    // The scales the amounts were taken at, so a record stays readable if a currency's scale changes.
    .addColumn('from_scale', 'integer', (c) => c.notNull())
    .addColumn('to_scale', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('converted_units', 'bigint', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('received_units', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exchange_record_user').on('exchange_record').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('exchange_record_daily')
    .on('exchange_record')
    .columns(['user_id', 'currency_id_from', 'currency_id_to', 'created_at'])
    .execute();

  await create('user_bank_card')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('bank_open_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('bank_country', 'varchar(100)', (c) => c.notNull())
    .addColumn('aba_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('swift', 'varchar(30)', (c) => c.notNull())
    .addColumn('post_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_real_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('account_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_bank_card_user').on('user_bank_card').columns(['user_id', 'id']).execute();

  // Rows are never edited: a change deletes the old row and adds a new one, so a withdrawal that names
  // an address id keeps naming the address it was requested to.
  await create('user_wallet_address')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('wallet_address_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('wallet_address', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_wallet_address_user')
    .on('user_wallet_address')
    .columns(['user_id', 'id'])
    .execute();
}
