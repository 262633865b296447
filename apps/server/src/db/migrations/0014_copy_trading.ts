import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/** Copy trading (issue 14 part 3): traders, follows and each copied order. Depends on 0005 (contract_position). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- A customer who publishes their own contract positions to followers. ----
  await withId(db.schema.createTable('copy_trader'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .addCheckConstraint('copy_trader_status', sql`status in (0, 1)`)
    .execute();
  await db.schema.createIndex('copy_trader_status').on('copy_trader').columns(['status', 'id']).execute();

  // ---- A follow: how to size copies, its stop-loss, its running result and high-water mark. ----
  await withId(db.schema.createTable('copy_relation'), dialect)
    .addColumn('follower_user_id', 'integer', (c) => c.notNull())
    .addColumn('trader_id', 'integer', (c) => c.notNull())
    .addColumn('trader_user_id', 'integer', (c) => c.notNull())
    .addColumn('follow_mode', 'integer', (c) => c.notNull())
    .addColumn('follow_amount_units', 'bigint')
    .addColumn('follow_ratio', 'varchar(20)')
    .addColumn('max_open_orders', 'integer', (c) => c.notNull())
    .addColumn('stop_loss_units', 'bigint')
    // The published rate when the follow began: a later change of the rate never reaches it.
    .addColumn('profit_share_rate', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('end_reason', 'varchar(20)')
    .addColumn('realized_net_units', 'bigint', (c) => c.notNull())
    .addColumn('high_water_mark_units', 'bigint', (c) => c.notNull())
    .addColumn('profit_shared_units', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addCheckConstraint('copy_relation_mode', sql`follow_mode in (0, 1)`)
    .addCheckConstraint('copy_relation_status', sql`status in (0, 1)`)
    .addCheckConstraint(
      'copy_relation_mark',
      sql`high_water_mark_units >= 0 and high_water_mark_units >= realized_net_units and profit_shared_units >= 0`,
    )
    .addCheckConstraint('copy_relation_not_self', sql`follower_user_id <> trader_user_id`)
    .execute();
  // One active follow per follower and trader, whatever races.
  await db.schema
    .createIndex('copy_relation_active')
    .on('copy_relation')
    .columns(['follower_user_id', 'trader_id'])
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();
  await db.schema.createIndex('copy_relation_trader').on('copy_relation').columns(['trader_id', 'status']).execute();
  // Every real opening asks whether its customer has follows: this index answers without a scan.
  await db.schema
    .createIndex('copy_relation_trader_user')
    .on('copy_relation')
    .columns(['trader_user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('copy_relation_follower')
    .on('copy_relation')
    .columns(['follower_user_id', 'id'])
    .execute();

  // ---- One trader position offered to one follow: pending, then open (mirrored), closed, skipped or released. ----
  await withId(db.schema.createTable('copy_order'), dialect)
    .addColumn('relation_id', 'integer', (c) => c.notNull())
    .addColumn('follower_user_id', 'integer', (c) => c.notNull())
    .addColumn('trader_position_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('follower_position_id', 'integer')
    .addColumn('skip_key', 'varchar(64)')
    .addColumn('skip_params', 'varchar(500)')
    .addColumn('net_pnl_units', 'bigint')
    .addColumn('profit_share_units', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('copy_order_state', sql`state in ('pending', 'open', 'closed', 'skipped', 'released')`)
    .execute();
  await db.schema
    .createIndex('copy_order_once')
    .on('copy_order')
    .columns(['relation_id', 'trader_position_id'])
    .unique()
    .execute();
  await db.schema.createIndex('copy_order_state').on('copy_order').columns(['state', 'id']).execute();
  await db.schema.createIndex('copy_order_relation').on('copy_order').columns(['relation_id', 'state']).execute();
  await db.schema
    .createIndex('copy_order_follower_position')
    .on('copy_order')
    .column('follower_position_id')
    .unique()
    .execute();
  await db.schema.createIndex('copy_order_trader_position').on('copy_order').column('trader_position_id').execute();
}
