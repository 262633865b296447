import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * The help centre and live customer service (issue 15 parts 2 and 3).
 *
 * Help: categories carry their names as a JSON map per language (like pop_up's); an article's text
 * per language is its own row, so a search filters one language's rows with one indexed predicate on
 * both databases. `search_text` is the title and the content's plain text, lower-cased by the server
 * (JavaScript's Unicode lower-casing, the same on both databases) and searched with an escaped LIKE.
 *
 * Support: one conversation per customer (their real account: a demo account talks in its owner's),
 * its messages as rows (kept while either side is offline), a read mark per side and the unread
 * counts they imply, kept on the conversation in the same transaction as every message and mark.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- Help centre ----
  await withId(db.schema.createTable('help_category'), dialect)
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    // {"en": "...", "zh": "..."}: English is always present (the fallback).
    .addColumn('name_lang', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('help_category_visible', sql`is_visible in (0, 1)`)
    .execute();

  await withId(db.schema.createTable('help_article'), dialect)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('help_category.id'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('help_article_visible', sql`is_visible in (0, 1)`)
    .execute();
  await db.schema.createIndex('help_article_order').on('help_article').columns(['category_id', 'sort', 'id']).execute();

  await db.schema
    .createTable('help_article_text')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('help_article.id'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // Sanitized HTML (core/rich-text.ts), never the operator's raw input.
    .addColumn('content', 'text', (c) => c.notNull())
    // The start of the content's plain text, for the list (shown as text).
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('help_article_text_key', ['article_id', 'language'])
    .execute();
  await db.schema
    .createIndex('help_article_text_language')
    .on('help_article_text')
    .columns(['language', 'article_id'])
    .execute();

  // ---- Live customer service ----
  await withId(db.schema.createTable('support_conversation'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_id', 'integer', (c) => c.notNull())
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sender', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_preview', 'varchar(200)', (c) => c.notNull())
    // The newest message id each side has read (0: none), and what that leaves unread for each side.
    .addColumn('customer_read_up_to', 'integer', (c) => c.notNull())
    .addColumn('staff_read_up_to', 'integer', (c) => c.notNull())
    .addColumn('customer_unread_count', 'integer', (c) => c.notNull())
    .addColumn('staff_unread_count', 'integer', (c) => c.notNull())
    .addCheckConstraint('support_conversation_sender', sql`last_sender in ('customer', 'staff')`)
    .addCheckConstraint('support_conversation_unread', sql`customer_unread_count >= 0 and staff_unread_count >= 0`)
    .execute();
  await db.schema
    .createIndex('support_conversation_activity')
    .on('support_conversation')
    .columns(['last_message_at', 'id'])
    .execute();
  // The staff's unread total and the unread-only list read only conversations with something unread.
  await db.schema
    .createIndex('support_conversation_staff_unread')
    .on('support_conversation')
    .columns(['staff_unread_count', 'last_message_at'])
    .execute();

  await withId(db.schema.createTable('support_message'), dialect)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('support_conversation.id'))
    .addColumn('sender', 'varchar(8)', (c) => c.notNull())
    // Who wrote it: the customer's session user (real or demo) or the staff member.
    .addColumn('author_user_id', 'integer')
    .addColumn('staff_id', 'integer')
    // Plain text, stored as typed (trimmed); '' for an image.
    .addColumn('body_text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(80)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('support_message_sender', sql`sender in ('customer', 'staff')`)
    .addCheckConstraint(
      'support_message_author',
      sql`(sender = 'staff' and staff_id is not null) or (sender = 'customer' and author_user_id is not null)`,
    )
    .addCheckConstraint('support_message_body', sql`(body_text <> '') <> (image_key is not null)`)
    .execute();
  await db.schema
    .createIndex('support_message_history')
    .on('support_message')
    .columns(['conversation_id', 'sender', 'id'])
    .execute();
}
