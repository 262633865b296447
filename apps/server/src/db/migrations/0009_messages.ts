import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Site messages written by events, platform notices and operator broadcasts (issue 15,
 * features/messages).
 *
 * - `user_account.language`: the language the customer last used (their messages are written in it);
 *   null until recorded, which reads as the linked real account's language for a demo account, else
 *   English.
 * - `site_message` (0001) gains the event that wrote it: `kind`, `reference` (`deposit:12`), the
 *   `params` it was rendered with (JSON), the `language` it was written in and the ledger `book` of
 *   its owner. UNIQUE (user_id, kind, reference): an event writes at most one message per customer,
 *   so a replayed request or a re-run job writes nothing more.
 * - `platform_notice`: operators' notices, title and content per language (JSON maps like pop_up's).
 *   `seed_key` names the notices a fresh install starts with, so two processes seeding at once insert
 *   each once.
 * - `site_broadcast`: an operator's broadcast; `cursor_user_id` is the last customer id delivered,
 *   so an interrupted delivery resumes where it stopped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('language', 'varchar(8)').execute();

  // One column per statement: SQLite adds one column per ALTER TABLE.
  const addMessageColumn = (
    name: string,
    type: 'varchar(40)' | 'varchar(120)' | 'text' | 'varchar(8)',
    fallback: string,
  ) =>
    db.schema
      .alterTable('site_message')
      .addColumn(name, type, (column) => column.notNull().defaultTo(fallback))
      .execute();
  await addMessageColumn('kind', 'varchar(40)', 'broadcast');
  await addMessageColumn('reference', 'varchar(120)', '');
  await addMessageColumn('params', 'text', '{}');
  await addMessageColumn('language', 'varchar(8)', 'en');
  await addMessageColumn('book', 'varchar(8)', 'real');
  // Rows written before this migration (none on a normal install) each get a reference of their own,
  // so the unique index below holds for them too.
  await sql`update site_message set reference = 'legacy:' || cast(id as varchar(20)) where reference = ''`.execute(db);
  await db.schema
    .createIndex('site_message_event')
    .on('site_message')
    .columns(['user_id', 'kind', 'reference'])
    .unique()
    .execute();
  // The list (newest first); the unread count keeps 0001's (user_id, read_at).
  await db.schema.createIndex('site_message_owner').on('site_message').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('platform_notice'), dialect)
    .addColumn('seed_key', 'varchar(40)', (c) => c.unique())
    .addColumn('title_lang', 'text', (c) => c.notNull())
    .addColumn('content_lang', 'text', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('publish_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('platform_notice_visible', sql`is_visible in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('platform_notice_published')
    .on('platform_notice')
    .columns(['is_visible', 'publish_time'])
    .execute();

  await withId(db.schema.createTable('site_broadcast'), dialect)
    .addColumn('title_lang', 'text', (c) => c.notNull())
    .addColumn('content_lang', 'text', (c) => c.notNull())
    // Null: every real customer.
    .addColumn('target_user_id', 'integer')
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('cursor_user_id', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('site_broadcast_open').on('site_broadcast').columns(['finished_at', 'id']).execute();

  // The loan reminders (features/loans/loan-reminders.ts) read active loans by due time each hour.
  await db.schema.createIndex('loan_order_due').on('loan_order').columns(['status', 'due_time']).execute();
}
