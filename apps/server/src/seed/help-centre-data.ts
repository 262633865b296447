import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sanitizeRichText } from '../core/rich-text';
import { plainTextOf, searchTextOf, summaryOf } from '../features/help-centre/help-text';
import { HELP_ARTICLES, HELP_CATEGORIES } from './help-centre-texts';

/**
 * Seeds the help centre once: when it has no category at all. Operators can hide categories and
 * articles but never delete them, so an empty table means nothing was ever seeded (a fresh install,
 * or an install upgraded from before the help centre) and never overwrites an operator's work.
 * The texts go through the same sanitizer and the same derived columns as an operator's save.
 */
export async function seedHelpCentre(db: Kysely<Database>, now: number): Promise<void> {
  const existing = await db.selectFrom('help_category').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const categoryIds = new Map<string, number>();
  for (const [sort, category] of HELP_CATEGORIES.entries()) {
    const row = await db
      .insertInto('help_category')
      .values({ sort, is_visible: 1, name_lang: JSON.stringify(category.name), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(category.key, row.id);
  }
  for (const [sort, article] of HELP_ARTICLES.entries()) {
    const categoryId = categoryIds.get(article.category);
    if (categoryId === undefined) throw new Error(`help article ${article.key}: no category ${article.category}`);
    const row = await db
      .insertInto('help_article')
      .values({ category_id: categoryId, sort, is_visible: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('help_article_text')
      .values(
        Object.entries(article.texts).map(([language, text]) => {
          const content = sanitizeRichText(text.content);
          const plain = plainTextOf(content);
          return {
            article_id: row.id,
            language,
            title: text.title,
            content,
            summary: summaryOf(plain),
            search_text: searchTextOf(text.title, plain),
            updated_at: now,
          };
        }),
      )
      .execute();
  }
}
