import type { Kysely, CreateTableBuilder } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, never>;

/** An auto-increment integer primary key, spelled per dialect. */
function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

// Kysely<any> is the documented type for migrations: they run against the schema before it exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const create = (name: string) => withId(db.schema.createTable(name), dialect);

  await create('user_account')
    .addColumn('user_account', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(24)')
    .addColumn('area_code', 'varchar(4)')
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'integer')
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('session_token_user').on('session_token').column('user_id').execute();

  await create('verification_code')
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_code_target')
    .on('verification_code')
    .columns(['target', 'purpose'])
    .execute();

  await create('product')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_lang', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('is_lock', 'integer', (c) => c.notNull())
    .addColumn('is_show', 'integer', (c) => c.notNull())
    .addColumn('is_self_sell', 'integer', (c) => c.notNull())
    .addColumn('is_option', 'integer', (c) => c.notNull())
    .addColumn('position_types', 'varchar(16)', (c) => c.notNull())
    .addColumn('standard', 'varchar(40)', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('quantity_scale', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_type_sort').on('product').columns(['product_type', 'sort']).execute();

  await db.schema
    .createTable('platform_currency')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('currency_name', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('currency_type', 'integer', (c) => c.notNull())
    .addColumn('wallet_address_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('scale', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .execute();

  await create('currency_exchange_rate')
    .addColumn('currency_id_from', 'integer', (c) => c.notNull())
    .addColumn('currency_id_to', 'integer', (c) => c.notNull())
    .addColumn('rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('daily_count', 'integer', (c) => c.notNull())
    .addUniqueConstraint('currency_exchange_rate_pair', ['currency_id_from', 'currency_id_to'])
    .execute();

  await db.schema
    .createTable('site_info')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('site_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(500)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('support_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('service_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('copyright', 'varchar(200)', (c) => c.notNull())
    .execute();

  await create('switch_setting')
    .addColumn('switch_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('switch_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull())
    .execute();

  await create('tips_setting')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_visible_flag', 'integer', (c) => c.notNull())
    .addColumn('content_lang', 'text', (c) => c.notNull())
    .execute();

  await create('order_fee_setting')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('other_value')
    .addColumn('setting_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('setting_value', 'varchar(500)', (c) => c.notNull())
    .execute();

  await create('pop_up')
    .addColumn('title_lang', 'text', (c) => c.notNull())
    .addColumn('content_lang', 'text', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('app_page_config')
    .addColumn('page_path', 'varchar(200)', (c) => c.notNull())
    .addColumn('module', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('title_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_page_config_path').on('app_page_config').column('page_path').execute();

  await create('home_recommend_product')
    .addColumn('product_id', 'integer', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('language_text')
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('text_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('language_text_pk', ['language', 'text_key'])
    .execute();

  await create('user_product_option')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_product_option_pair', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('phone_area_code')
    .addColumn('area_code', 'varchar(4)', (c) => c.primaryKey())
    .addColumn('country_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('bank_property_config')
    .addColumn('config_type', 'integer', (c) => c.notNull())
    .addColumn('property_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('label_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_required', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('recharge_channel_config')
    .addColumn('channel_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('channel_type', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('demo_only', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('withdraw_channel_config')
    .addColumn('channel_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('channel_type', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee_fixed', 'varchar(40)', (c) => c.notNull())
    .addColumn('daily_count', 'integer', (c) => c.notNull())
    .addColumn('open_hours', 'varchar(40)', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('fast_trade_order_option')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('duration_value', 'integer', (c) => c.notNull())
    .addColumn('duration_label', 'integer', (c) => c.notNull())
    .addColumn('win_ratio', 'varchar(40)', (c) => c.notNull())
    .addColumn('lose_ratio', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_buy_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_buy_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_user_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('lose_money_method', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await create('site_message')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_message_user').on('site_message').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('withdrawal_password')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
