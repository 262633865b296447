import type { Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * The base coins of the coin-to-coin pairs that had no ledger currency yet (BTC 4 and ETH 5 exist).
 * They are crypto (type 1) with no wallet address type and no channel: they can be bought and sold on
 * the exchange but not deposited or withdrawn until an operator adds a channel and a network, so the
 * deposit, withdrawal and address screens (which list channels and networks) do not offer them.
 */
const NEW_COINS = [
  [6, 'SOL'],
  [7, 'XRP'],
  [8, 'BNB'],
  [9, 'DOGE'],
  [10, 'ADA'],
  [11, 'AVAX'],
  [12, 'DOT'],
  [13, 'LINK'],
  [14, 'LTC'],
  [15, 'TRX'],
] as const;

/**
 * One row per pair: the product it trades under, its base coin, and the steps orders must respect.
 * Ticks and steps are the simulator's price and quantity scales; the minimum is worth about 10 USDT at
 * the catalogue's start price. priceScale + volumeScale <= 8 (USDT's scale), so a fill's USDT amount is
 * exact and no rounding dust exists between buyer and seller.
 */
const PAIRS = [
  ['X:BTCUSD', 4, 2, 5, '0.01', '0.00001', '0.0001'],
  ['X:ETHUSD', 5, 2, 4, '0.01', '0.0001', '0.003'],
  ['X:SOLUSD', 6, 2, 2, '0.01', '0.01', '0.06'],
  ['X:XRPUSD', 7, 4, 1, '0.0001', '0.1', '4'],
  ['X:BNBUSD', 8, 2, 3, '0.01', '0.001', '0.01'],
  ['X:DOGEUSD', 9, 5, 0, '0.00001', '1', '50'],
  ['X:ADAUSD', 10, 4, 1, '0.0001', '0.1', '15'],
  ['X:AVAXUSD', 11, 3, 2, '0.001', '0.01', '0.4'],
  ['X:DOTUSD', 12, 3, 2, '0.001', '0.01', '2.5'],
  ['X:LINKUSD', 13, 3, 2, '0.001', '0.01', '0.6'],
  ['X:LTCUSD', 14, 2, 3, '0.01', '0.001', '0.1'],
  ['X:TRXUSD', 15, 5, 0, '0.00001', '1', '35'],
] as const;

/** Coin-to-coin orders, fills and the command log of each book: owned by features/bibi. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const create = (name: string) => withId(db.schema.createTable(name), dialect);

  await db
    .insertInto('platform_currency')
    .values(
      NEW_COINS.map(([id, name]) => ({
        id,
        currency_name: name,
        currency_type: 1,
        wallet_address_type: '',
        image: `/img/currencies/${name}.svg`,
        scale: 8,
        sort: 10 + id,
        is_visible: 1,
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();

  await db.schema
    .createTable('bibi_pair')
    .addColumn('product_code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('base_currency_id', 'integer', (c) => c.notNull())
    .addColumn('quote_currency_id', 'integer', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('volume_scale', 'integer', (c) => c.notNull())
    .addColumn('tick_size', 'varchar(40)', (c) => c.notNull())
    .addColumn('volume_step', 'varchar(40)', (c) => c.notNull())
    .addColumn('minimum_volume', 'varchar(40)', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('bibi_pair')
    .values(
      PAIRS.map(([code, base, priceScale, volumeScale, tick, step, minimum]) => ({
        product_code: code,
        base_currency_id: base,
        quote_currency_id: 3,
        price_scale: priceScale,
        volume_scale: volumeScale,
        tick_size: tick,
        volume_step: step,
        minimum_volume: minimum,
        is_enabled: 1,
      })),
    )
    .execute();

  // One row per accepted order. Units: price at price_scale, volumes at volume_scale, USDT amounts and
  // fees at quote_scale, frozen_units at the frozen currency's scale. The scales are recorded per row so
  // a row stays readable if a pair's configuration changes later.
  await create('bibi_order')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('book_order_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('order_method', 'integer', (c) => c.notNull())
    .addColumn('time_in_force', 'varchar(3)', (c) => c.notNull())
    .addColumn('post_only', 'integer', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('volume_scale', 'integer', (c) => c.notNull())
    .addColumn('quote_scale', 'integer', (c) => c.notNull())
    .addColumn('price_units', 'bigint')
    .addColumn('volume_units', 'bigint')
    .addColumn('quote_budget_units', 'bigint')
    .addColumn('filled_volume_units', 'bigint', (c) => c.notNull())
    .addColumn('filled_amount_units', 'bigint', (c) => c.notNull())
    .addColumn('remaining_volume_units', 'bigint', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('frozen_currency_id', 'integer', (c) => c.notNull())
    .addColumn('frozen_units', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(16)')
    .addColumn('market_maker', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('bibi_order_book_id', ['product_code', 'book_order_id'])
    .execute();
  await db.schema.createIndex('bibi_order_user').on('bibi_order').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('bibi_order_user_open')
    .on('bibi_order')
    .columns(['user_id', 'product_code', 'status'])
    .execute();
  await db.schema.createIndex('bibi_order_open').on('bibi_order').columns(['product_code', 'status']).execute();

  // One row per fill; sequence is the book's fill sequence, so a fill can never be written twice.
  await create('bibi_trade')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('price_units', 'bigint', (c) => c.notNull())
    .addColumn('volume_units', 'bigint', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('taker_side', 'varchar(4)', (c) => c.notNull())
    .addColumn('maker_order_id', 'integer', (c) => c.notNull())
    .addColumn('taker_order_id', 'integer', (c) => c.notNull())
    .addColumn('maker_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_user_id', 'integer', (c) => c.notNull())
    .addColumn('maker_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('taker_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('maker_market_maker', 'integer', (c) => c.notNull())
    .addColumn('taker_market_maker', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bibi_trade_sequence', ['product_code', 'sequence'])
    .execute();
  await db.schema.createIndex('bibi_trade_maker_order').on('bibi_trade').column('maker_order_id').execute();
  await db.schema.createIndex('bibi_trade_taker_order').on('bibi_trade').column('taker_order_id').execute();
  await db.schema
    .createIndex('bibi_trade_maker_user')
    .on('bibi_trade')
    .columns(['maker_user_id', 'product_code'])
    .execute();
  await db.schema
    .createIndex('bibi_trade_taker_user')
    .on('bibi_trade')
    .columns(['taker_user_id', 'product_code'])
    .execute();
  await db.schema.createIndex('bibi_trade_time').on('bibi_trade').columns(['product_code', 'created_at']).execute();

  // The command log: every accepted command of a book, in order, with the book's state hash after it.
  // Written in the transaction of the command's effects; replaying it rebuilds the book.
  await db.schema
    .createTable('bibi_command')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('command_json', 'text', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bibi_command_key', ['product_code', 'sequence'])
    .execute();

  // Snapshots of a book's state (exportState) after a logged sequence; the rebuild replays from the latest.
  await db.schema
    .createTable('bibi_snapshot')
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('state_json', 'text', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bibi_snapshot_key', ['product_code', 'sequence'])
    .execute();
}
