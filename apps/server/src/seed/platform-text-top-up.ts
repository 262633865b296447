import type { Kysely } from 'kysely';
import { LANGUAGE_CODES } from '@kestrel/contract';
import type { Database } from '../db/schema';
import { parseTranslations } from '../features/language/language-packs';
import {
  POP_UP_SEED_KEYS,
  POP_UP_TEXTS,
  SITE_DESCRIPTION,
  TIP_SEED_KEYS,
  TIP_TEXTS,
  type AllLanguages,
} from './platform-texts';

type TextMap = Record<string, string>;

/**
 * The map with every language it lacks (absent or blank) taken from the seed, or null when there is
 * nothing to fill. Only while the row's English is still the seeded English: the seed's Arabic
 * translates the seed's English, not whatever an operator wrote in its place. A language that has a
 * text is never replaced.
 */
export function filledFromSeed(current: TextMap, seeded: AllLanguages): TextMap | null {
  if (current.en !== seeded.en) return null;
  const missing = LANGUAGE_CODES.filter((language) => !current[language]?.trim());
  if (missing.length === 0) return null;
  return { ...current, ...Object.fromEntries(missing.map((language) => [language, seeded[language]])) };
}

/**
 * Fills the languages the seeded platform texts lack (an install from before all 19 existed has
 * English and Chinese only). Runs on every start; finds the seeded rows by their seed key, so a row
 * an operator created is never touched. Each write is a compare-and-set on the text read: if an
 * operator saved the row in between, that save stands and the next start looks again.
 */
export async function topUpPlatformTexts(db: Kysely<Database>): Promise<void> {
  for (const seedKey of TIP_SEED_KEYS) {
    const row = await db
      .selectFrom('tips_setting')
      .select(['id', 'content_lang'])
      .where('seed_key', '=', seedKey)
      .executeTakeFirst();
    const filled = row && filledFromSeed(parseTranslations(row.content_lang), TIP_TEXTS[seedKey]);
    if (!row || !filled) continue;
    await db
      .updateTable('tips_setting')
      .set({ content_lang: JSON.stringify(filled) })
      .where('id', '=', row.id)
      .where('content_lang', '=', row.content_lang)
      .execute();
  }

  for (const seedKey of POP_UP_SEED_KEYS) {
    const row = await db
      .selectFrom('pop_up')
      .select(['id', 'title_lang', 'content_lang'])
      .where('seed_key', '=', seedKey)
      .executeTakeFirst();
    if (!row) continue;
    const title = filledFromSeed(parseTranslations(row.title_lang), POP_UP_TEXTS[seedKey].title);
    if (title) {
      await db
        .updateTable('pop_up')
        .set({ title_lang: JSON.stringify(title) })
        .where('id', '=', row.id)
        .where('title_lang', '=', row.title_lang)
        .execute();
    }
    const content = filledFromSeed(parseTranslations(row.content_lang), POP_UP_TEXTS[seedKey].content);
    if (content) {
      await db
        .updateTable('pop_up')
        .set({ content_lang: JSON.stringify(content) })
        .where('id', '=', row.id)
        .where('content_lang', '=', row.content_lang)
        .execute();
    }
  }

  const site = await db
    .selectFrom('site_info')
    .select(['description', 'description_lang'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const description =
    site && filledFromSeed({ en: site.description, ...parseTranslations(site.description_lang) }, SITE_DESCRIPTION);
  if (site && description) {
    await db
      .updateTable('site_info')
      .set({ description_lang: JSON.stringify(description) })
      .where('id', '=', 1)
      .where('description_lang', '=', site.description_lang)
      .execute();
  }
}
