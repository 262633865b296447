import type { Kysely, Selectable } from 'kysely';
import { helpCentre } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { HelpCategoryTable } from '../../db/schema-support';
import { readPage, type PageRequest } from '../../core/paging';
import { articlesWithCategories, inDisplayOrder } from './article-queries';
import { parseLanguageMap } from './help-text';

const { HELP_CATEGORIES_MAX } = helpCentre;

export function operatorCategoryView(
  row: Selectable<HelpCategoryTable>,
  articleCount: number,
): helpCentre.OperatorHelpCategory {
  return {
    id: row.id,
    sort: row.sort,
    isVisible: row.is_visible,
    nameLang: parseLanguageMap(row.name_lang),
    articleCount,
    updatedAt: Number(row.updated_at),
  };
}

async function articleCount(db: Kysely<Database>, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('help_article')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findCategory(db: Kysely<Database>, id: number) {
  return db.selectFrom('help_category').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function operatorCategory(
  db: Kysely<Database>,
  id: number,
): Promise<helpCentre.OperatorHelpCategory | undefined> {
  const row = await findCategory(db, id);
  return row ? operatorCategoryView(row, await articleCount(db, id)) : undefined;
}

export async function operatorCategories(
  db: Kysely<Database>,
): Promise<{ rows: helpCentre.OperatorHelpCategory[]; total: number }> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('help_category').selectAll().orderBy('sort').orderBy('id').limit(HELP_CATEGORIES_MAX).execute(),
    db
      .selectFrom('help_article')
      .select(['category_id', (eb) => eb.fn.countAll().as('count')])
      .groupBy('category_id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.count)]));
  return { rows: rows.map((row) => operatorCategoryView(row, countOf.get(row.id) ?? 0)), total: rows.length };
}

export async function operatorArticles(
  db: Kysely<Database>,
  query: PageRequest & { categoryId?: number },
): Promise<{ rows: helpCentre.OperatorHelpArticleSummary[]; total: number }> {
  let base = articlesWithCategories(db);
  if (query.categoryId !== undefined) base = base.where('article.category_id', '=', query.categoryId);
  const page = await readPage(
    inDisplayOrder(
      base.select(['article.id', 'article.category_id', 'article.sort', 'article.is_visible', 'article.updated_at']),
    ),
    query,
    (row) => row,
  );
  const ids = page.rows.map((row) => row.id);
  // One page's texts: at most pageSize articles x 19 languages.
  const texts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('help_article_text')
          .select(['article_id', 'language', 'title'])
          .where('article_id', 'in', ids)
          .orderBy('article_id')
          .orderBy('language')
          .execute();
  return {
    total: page.total,
    rows: page.rows.map((row) => {
      const own = texts.filter((text) => text.article_id === row.id);
      return {
        id: row.id,
        categoryId: row.category_id,
        sort: row.sort,
        isVisible: row.is_visible,
        title: own.find((text) => text.language === 'en')?.title ?? '',
        languages: own.map((text) => text.language),
        updatedAt: Number(row.updated_at),
      };
    }),
  };
}

export async function operatorArticle(
  db: Kysely<Database>,
  id: number,
): Promise<helpCentre.OperatorHelpArticle | undefined> {
  const row = await db.selectFrom('help_article').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const texts = await db
    .selectFrom('help_article_text')
    .select(['language', 'title', 'content'])
    .where('article_id', '=', id)
    .orderBy('language')
    .execute();
  return {
    id: row.id,
    categoryId: row.category_id,
    sort: row.sort,
    isVisible: row.is_visible,
    texts: Object.fromEntries(texts.map((text) => [text.language, { title: text.title, content: text.content }])),
    updatedAt: Number(row.updated_at),
  };
}
