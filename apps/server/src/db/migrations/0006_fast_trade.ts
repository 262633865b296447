import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Fast-trade orders and their settlement: owned by features/fast-trade. The option's terms, the fee and
 * both deciding ticks are copied onto the row, so an order reads the same whatever is edited later and
 * its settlement can be checked against its journal entries. Money is BIGINT units of the trade
 * currency at money_scale; prices BIGINT units at price_scale; times BIGINT milliseconds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('fast_trade_order'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('book', 'varchar(8)', (c) => c.notNull())
    .addColumn('option_id', 'integer', (c) => c.notNull())
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    // 0 up, 1 down.
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('money_scale', 'integer', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('stake_units', 'bigint', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('duration_value', 'integer', (c) => c.notNull())
    .addColumn('duration_label', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('win_ratio', 'varchar(40)', (c) => c.notNull())
    .addColumn('lose_ratio', 'varchar(40)', (c) => c.notNull())
    .addColumn('lose_money_method', 'integer', (c) => c.notNull())
    .addColumn('open_price_units', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('open_tick_source', 'varchar(32)', (c) => c.notNull())
    .addColumn('open_tick_time', 'bigint', (c) => c.notNull())
    // Set in the same transaction as the insert (the entry's reference is the order's id).
    .addColumn('open_entry_id', 'integer')
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('expiry_time', 'bigint', (c) => c.notNull())
    // 0 open, 1 settled. Only the settlement job moves it, once, by a conditional update.
    .addColumn('status', 'integer', (c) => c.notNull())
    // 1 won, 2 lost, 3 tied; null while open.
    .addColumn('result', 'integer')
    .addColumn('settle_price_units', 'bigint')
    .addColumn('settle_tick_id', 'varchar(80)')
    .addColumn('settle_tick_source', 'varchar(32)')
    .addColumn('settle_tick_time', 'bigint')
    .addColumn('payout_units', 'bigint')
    .addColumn('settle_entry_id', 'integer')
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('fast_trade_order_status', sql`status in (0, 1)`)
    .addCheckConstraint('fast_trade_order_direction', sql`direction in (0, 1)`)
    .addCheckConstraint('fast_trade_order_amounts', sql`stake_units > 0 and fee_units >= 0 and expiry_time > open_time`)
    // A settled order has everything its settlement decided; an open one has none of it. (The entry id
    // follows in the same transaction: the row is claimed before its entry is posted.)
    .addCheckConstraint(
      'fast_trade_order_settled',
      sql`(status = 0 and result is null and settle_entry_id is null) or (status = 1 and result in (1, 2, 3) and settle_price_units is not null and settle_tick_id is not null and payout_units is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('fast_trade_order_owner')
    .on('fast_trade_order')
    .columns(['user_id', 'book', 'id'])
    .execute();
  // The settlement job reads open orders by expiry.
  await db.schema
    .createIndex('fast_trade_order_due')
    .on('fast_trade_order')
    .columns(['status', 'expiry_time'])
    .execute();
  // Published statistics per product and book.
  await db.schema
    .createIndex('fast_trade_order_product')
    .on('fast_trade_order')
    .columns(['product_code', 'book', 'status', 'result'])
    .execute();
}
