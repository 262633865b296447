import { sql, type Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, type LanguageCode, type operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { pageOffset, pageWithTotal } from '../../core/paging';
import { auditedChange, type SettingActor } from './audited-change';

type LanguageTextView = z.output<typeof operatorSettings.operatorLanguageText>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
/** A tag, a closing tag, a comment or a processing instruction: markup has no place in a pack. */
const MARKUP = /<\s*[A-Za-z!/?]/;

/** The sorted, distinct `{{name}}` placeholders of a text. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

export async function listLanguageTexts(
  db: Kysely<Database>,
  query: { language: LanguageCode; keyWords?: string; pageNum: number; pageSize: number },
): Promise<{ rows: LanguageTextView[]; total: number }> {
  let select = db.selectFrom('language_text').where('language', '=', query.language);
  if (query.keyWords) {
    const pattern = `%${query.keyWords.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select = select.where((where) =>
      where.or([
        where(sql`lower(text_key)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(text)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const page = await pageWithTotal(
    select.selectAll().orderBy('text_key').limit(query.pageSize).offset(pageOffset(query)).execute(),
    select.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  const keys = page.rows.map((row) => row.text_key);
  const english =
    keys.length === 0
      ? []
      : await db
          .selectFrom('language_text')
          .select(['text_key', 'text'])
          .where('language', '=', DEFAULT_LANGUAGE)
          .where('text_key', 'in', keys)
          .execute();
  const englishOf = new Map(english.map((row) => [row.text_key, row.text]));
  return {
    rows: page.rows.map((row) => ({
      language: row.language,
      key: row.text_key,
      text: row.text,
      english: englishOf.get(row.text_key) ?? '',
    })),
    total: page.total,
  };
}

/**
 * One text of one pack. The key must exist in English (a pack has no keys of its own); the text keeps
 * exactly the English text's placeholders, so no screen renders a raw `{{...}}` or loses a figure;
 * markup is refused. The caller reloads the in-memory packs after the commit.
 */
export async function saveLanguageText(
  db: Kysely<Database>,
  actor: SettingActor,
  input: { language: LanguageCode; key: string; text: string },
): Promise<LanguageTextView> {
  if (MARKUP.test(input.text)) refuse('error.setting_text_markup', { field: 'text' });
  return auditedChange(
    db,
    actor,
    { action: 'language_text.save', targetType: 'language_text' },
    async (transaction) => {
      const english = await transaction
        .selectFrom('language_text')
        .select('text')
        .where('language', '=', DEFAULT_LANGUAGE)
        .where('text_key', '=', input.key)
        .executeTakeFirst();
      if (!english) refuse('error.setting_not_found');
      const wanted = placeholdersOf(english.text);
      if (placeholdersOf(input.text).join(',') !== wanted.join(',')) {
        refuse('error.language_text_placeholders', { placeholders: wanted.join(', ') || '-' });
      }
      const before = await transaction
        .selectFrom('language_text')
        .select('text')
        .where('language', '=', input.language)
        .where('text_key', '=', input.key)
        .executeTakeFirst();
      if (before) {
        await transaction
          .updateTable('language_text')
          .set({ text: input.text })
          .where('language', '=', input.language)
          .where('text_key', '=', input.key)
          .execute();
      } else {
        await transaction
          .insertInto('language_text')
          .values({ language: input.language, text_key: input.key, text: input.text })
          .execute();
      }
      const result = { language: input.language, key: input.key, text: input.text, english: english.text };
      return {
        targetId: `${input.language}:${input.key}`,
        before: before ? { ...result, text: before.text } : undefined,
        after: result,
        result,
      };
    },
  );
}
