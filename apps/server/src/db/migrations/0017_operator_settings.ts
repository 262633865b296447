import type { Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Operator platform settings (issue 16, features/platform-settings).
 *
 * - `recharge_channel_config.network` and `payee_address`: the network a crypto deposit channel runs
 *   on (TRC20, ERC20, BTC; '' for bank and demo channels) and the address, or bank details, customers
 *   pay to. Existing installs get the network of the two seeded USDT channels by their frozen names.
 * - `home_banner`: the home screen's banners, per language, each an image (an operator upload or an
 *   https address), an optional link, visibility and order.
 */
const SEEDED_NETWORKS: readonly [string, string][] = [
  ['USDT (TRC20)', 'TRC20'],
  ['USDT (ERC20)', 'ERC20'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('recharge_channel_config')
    .addColumn('network', 'varchar(16)', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('recharge_channel_config')
    .addColumn('payee_address', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .execute();
  for (const [channelName, network] of SEEDED_NETWORKS) {
    await db
      .updateTable('recharge_channel_config')
      .set({ network })
      .where('channel_name', '=', channelName)
      .where('network', '=', '')
      .execute();
  }

  await withId(db.schema.createTable('home_banner'), dialect)
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('title', 'varchar(120)', (column) => column.notNull())
    .addColumn('image_url', 'varchar(500)', (column) => column.notNull())
    .addColumn('link', 'varchar(500)', (column) => column.notNull())
    .addColumn('is_visible', 'integer', (column) => column.notNull())
    .addColumn('sort', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('home_banner_language').on('home_banner').columns(['language', 'sort']).execute();
}
