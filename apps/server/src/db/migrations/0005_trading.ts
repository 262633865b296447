import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/** Spot orders and holdings, contract positions, product trade settings: owned by features/trading. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const create = (name: string) => withId(db.schema.createTable(name), dialect);

  // One row per product; configured decimals are text, parsed by the domain (schema.ts conventions).
  await db.schema
    .createTable('product_trade_setting')
    .addColumn('product_code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lever_list', 'varchar(100)', (c) => c.notNull())
    .addColumn('min_quantity', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_quantity', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_margin', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_margin', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_balance_share', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_hold_seconds', 'integer', (c) => c.notNull())
    // '' follows the market session; otherwise a JSON list of {weekday, from, to} windows in UTC.
    .addColumn('trading_windows', 'text', (c) => c.notNull())
    .addColumn('liquidation_method', 'integer', (c) => c.notNull())
    .addColumn('liquidation_ratio', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('product_trade_setting_method', sql`liquidation_method in (1, 2, 3)`)
    .addCheckConstraint('product_trade_setting_hold', sql`min_hold_seconds >= 0`)
    .execute();

  // Money in units of the trade currency (money_scale); prices and quantities at the product's scales,
  // copied onto the row so an order stays readable if a product's scale is changed later.
  await create('spot_order')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('quantity_scale', 'integer', (c) => c.notNull())
    .addColumn('contract_size', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity_units', 'bigint', (c) => c.notNull())
    .addColumn('buy_price_units', 'bigint', (c) => c.notNull())
    .addColumn('buy_amount_units', 'bigint', (c) => c.notNull())
    .addColumn('buy_fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('buy_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('buy_tick_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('buy_tick_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('buy_entry_id', 'integer')
    .addColumn('buy_time', 'bigint', (c) => c.notNull())
    // 0 held, 1 sold.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('sell_price_units', 'bigint')
    .addColumn('sell_amount_units', 'bigint')
    .addColumn('sell_fee_rate', 'varchar(40)')
    .addColumn('sell_fee_units', 'bigint')
    .addColumn('sell_tick_id', 'varchar(64)')
    .addColumn('sell_tick_source', 'varchar(64)')
    .addColumn('sell_entry_id', 'integer')
    .addColumn('sell_time', 'bigint')
    .addColumn('realized_pnl_units', 'bigint')
    .addCheckConstraint('spot_order_status', sql`status in (0, 1)`)
    .addCheckConstraint('spot_order_quantity', sql`quantity_units > 0`)
    .execute();
  await db.schema.createIndex('spot_order_owner').on('spot_order').columns(['user_id', 'book', 'id']).execute();
  await db.schema
    .createIndex('spot_order_owner_status')
    .on('spot_order')
    .columns(['user_id', 'book', 'status', 'product_code'])
    .execute();
  await db.schema.createIndex('spot_order_sold').on('spot_order').columns(['user_id', 'sell_time']).execute();

  await create('contract_position')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('quantity_scale', 'integer', (c) => c.notNull())
    .addColumn('contract_size', 'varchar(40)', (c) => c.notNull())
    // 0 long, 1 short.
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('quantity_units', 'bigint', (c) => c.notNull())
    .addColumn('open_price_units', 'bigint', (c) => c.notNull())
    .addColumn('notional_units', 'bigint', (c) => c.notNull())
    .addColumn('margin_units', 'bigint', (c) => c.notNull())
    .addColumn('open_fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('open_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('stop_profit_units', 'bigint')
    .addColumn('stop_loss_units', 'bigint')
    .addColumn('liquidation_method', 'integer', (c) => c.notNull())
    .addColumn('liquidation_ratio', 'varchar(40)', (c) => c.notNull())
    // The most any close of this position may take (contract-math lossLimit), and its level.
    .addColumn('loss_limit_units', 'bigint', (c) => c.notNull())
    .addColumn('liquidation_price_units', 'bigint')
    .addColumn('open_tick_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('open_tick_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('open_entry_id', 'integer')
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('closable_time', 'bigint', (c) => c.notNull())
    // 0 open, 1 closed.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('close_price_units', 'bigint')
    .addColumn('close_fee_rate', 'varchar(40)')
    .addColumn('close_fee_units', 'bigint')
    .addColumn('close_tick_id', 'varchar(64)')
    .addColumn('close_tick_source', 'varchar(64)')
    .addColumn('close_reason', 'varchar(16)')
    .addColumn('close_entry_id', 'integer')
    .addColumn('close_time', 'bigint')
    .addColumn('realized_pnl_units', 'bigint')
    .addColumn('settled_units', 'bigint')
    .addCheckConstraint('contract_position_status', sql`status in (0, 1)`)
    .addCheckConstraint('contract_position_direction', sql`direction in (0, 1)`)
    .addCheckConstraint('contract_position_amounts', sql`quantity_units > 0 and margin_units > 0 and leverage >= 1`)
    .execute();
  await db.schema
    .createIndex('contract_position_owner')
    .on('contract_position')
    .columns(['user_id', 'book', 'id'])
    .execute();
  await db.schema
    .createIndex('contract_position_owner_status')
    .on('contract_position')
    .columns(['user_id', 'book', 'status'])
    .execute();
  // The trigger index is rebuilt from the open positions at start.
  await db.schema.createIndex('contract_position_open').on('contract_position').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('contract_position_closed')
    .on('contract_position')
    .columns(['user_id', 'close_time'])
    .execute();
}
