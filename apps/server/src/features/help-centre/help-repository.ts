import { sql, type Kysely } from 'kysely';
import { helpCentre } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { readPage, type PageRequest } from '../../core/paging';
import { articlesWithCategories, inDisplayOrder, translatedArticle } from './article-queries';
import { containsPattern, parseLanguageMap, pickTranslation } from './help-text';

const { HELP_CATEGORIES_MAX } = helpCentre;

type CategoryView = helpCentre.HelpCategory;
type ArticleSummaryView = helpCentre.HelpArticleSummary;
type ArticleView = helpCentre.HelpArticle;

/** Visible articles per visible category, for the categories list. */
async function visibleArticleCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('help_article')
    .select(['category_id', (eb) => eb.fn.countAll().as('count')])
    .where('is_visible', '=', 1)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
}

export async function visibleCategories(db: Kysely<Database>, language: string): Promise<CategoryView[]> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('help_category')
      .selectAll()
      .where('is_visible', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(HELP_CATEGORIES_MAX)
      .execute(),
    visibleArticleCounts(db),
  ]);
  return rows.map((row) => {
    const name = pickTranslation(parseLanguageMap(row.name_lang), language);
    return {
      id: row.id,
      name: name.text,
      language: name.language,
      sort: row.sort,
      articleCount: counts.get(row.id) ?? 0,
    };
  });
}

/**
 * Visible articles of visible categories, each in `language` or else English. Every article has an
 * English text (saving refuses one without), so the inner join to it never drops an article.
 */
function visibleArticles(db: Kysely<Database>, language: string) {
  return articlesWithCategories(db)
    .innerJoin('help_article_text as english', (join) =>
      join.onRef('english.article_id', '=', 'article.id').on('english.language', '=', 'en'),
    )
    .leftJoin('help_article_text as own', (join) =>
      join.onRef('own.article_id', '=', 'article.id').on('own.language', '=', language),
    )
    .where('article.is_visible', '=', 1)
    .where('category.is_visible', '=', 1);
}

/** What `translatedArticle` reads besides the summary or the content. */
const TRANSLATED_ARTICLE_COLUMNS = [
  'article.id',
  'article.category_id',
  'article.sort',
  'article.updated_at',
  'category.name_lang',
  'own.title as own_title',
  'english.title as english_title',
] as const;

export async function listVisibleArticles(
  db: Kysely<Database>,
  language: string,
  query: PageRequest & { categoryId?: number; keyword?: string },
): Promise<{ rows: ArticleSummaryView[]; total: number }> {
  let base = visibleArticles(db, language);
  if (query.categoryId !== undefined) base = base.where('article.category_id', '=', query.categoryId);
  const keyword = query.keyword?.trim() ?? '';
  if (keyword !== '') {
    // The answer's language is the one searched: the article's own text where it has one, else English.
    base = base.where(
      sql<boolean>`coalesce(own.search_text, english.search_text) like ${containsPattern(keyword)} escape '\\'`,
    );
  }
  return readPage(
    inDisplayOrder(
      base.select([...TRANSLATED_ARTICLE_COLUMNS, 'own.summary as own_summary', 'english.summary as english_summary']),
    ),
    query,
    (row) => translatedArticle(row, language, 'summary'),
  );
}

export async function findVisibleArticle(
  db: Kysely<Database>,
  language: string,
  id: number,
): Promise<ArticleView | undefined> {
  const row = await visibleArticles(db, language)
    .select([...TRANSLATED_ARTICLE_COLUMNS, 'own.content as own_content', 'english.content as english_content'])
    .where('article.id', '=', id)
    .executeTakeFirst();
  return row && translatedArticle(row, language, 'content');
}
