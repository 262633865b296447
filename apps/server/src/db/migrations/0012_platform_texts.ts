import type { Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Platform texts in every language (issue 15 part 6).
 *
 * - `seed_key` on tips and pop-ups: the identity of a row the seed wrote, so the start-up top-up can
 *   fill that row's missing languages and never touch a row an operator created (NULL). Unique where
 *   set (both databases allow many NULLs in a unique index).
 * - `site_info.description_lang`: the home banner's description per language; `description` stays
 *   the English, for readers that know only it.
 * - `platform_text_revision`: every operator edit of one language of one text, with the text before
 *   and after, so an edit can be read back and undone by hand.
 *
 * Existing installs get their seed keys here: the rows the seed wrote before this release are the
 * first tip of each seeded remark and the first pop-up titled "Welcome to Kestrel". The literals are
 * frozen copies (a migration never reads code that may change).
 */
const SEEDED_TIP_REMARKS = ['risk_warning', 'simulated_market', 'register_tip'];
const SEEDED_POP_UP_TITLE = 'Welcome to Kestrel';
/** Pop-ups are a handful in practice; the seeded one was the first row ever written. */
const POP_UPS_EXAMINED_MAX = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tips_setting').addColumn('seed_key', 'varchar(64)').execute();
  await db.schema.createIndex('tips_setting_seed_key').on('tips_setting').column('seed_key').unique().execute();
  await db.schema.alterTable('pop_up').addColumn('seed_key', 'varchar(64)').execute();
  await db.schema.createIndex('pop_up_seed_key').on('pop_up').column('seed_key').unique().execute();
  await db.schema
    .alterTable('site_info')
    .addColumn('description_lang', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();

  await withId(db.schema.createTable('platform_text_revision'), dialect)
    // popUp, tip or siteInfo; the field of that record (title, content, description).
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('record_id', 'integer', (column) => column.notNull())
    .addColumn('field', 'varchar(16)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    // NULL when the language had no text before.
    .addColumn('before_text', 'text')
    .addColumn('after_text', 'text', (column) => column.notNull())
    .addColumn('staff_id', 'integer', (column) => column.notNull())
    .addColumn('reason', 'varchar(500)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('platform_text_revision_record')
    .on('platform_text_revision')
    .columns(['kind', 'record_id', 'created_at'])
    .execute();

  for (const remark of SEEDED_TIP_REMARKS) {
    const first = await db
      .selectFrom('tips_setting')
      .select('id')
      .where('remark', '=', remark)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (first) await db.updateTable('tips_setting').set({ seed_key: remark }).where('id', '=', first.id).execute();
  }

  const popUps: { id: number; title_lang: string }[] = await db
    .selectFrom('pop_up')
    .select(['id', 'title_lang'])
    .orderBy('id')
    .limit(POP_UPS_EXAMINED_MAX)
    .execute();
  const welcome = popUps.find((row) => englishOf(row.title_lang) === SEEDED_POP_UP_TITLE);
  if (welcome) await db.updateTable('pop_up').set({ seed_key: 'welcome' }).where('id', '=', welcome.id).execute();

  const site: { description: string } | undefined = await db
    .selectFrom('site_info')
    .select('description')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (site) {
    await db
      .updateTable('site_info')
      .set({ description_lang: JSON.stringify({ en: site.description }) })
      .where('id', '=', 1)
      .execute();
  }
}

function englishOf(json: string): string | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && 'en' in value && typeof value.en === 'string') return value.en;
  } catch {
    // A malformed map is not the seeded pop-up.
  }
  return undefined;
}
