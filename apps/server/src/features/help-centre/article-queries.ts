import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { parseLanguageMap, pickTranslation } from './help-text';

/** Articles joined to their categories: what the customer's and the operator's lists both start from. */
export function articlesWithCategories(db: Kysely<Database>) {
  return db
    .selectFrom('help_article as article')
    .innerJoin('help_category as category', 'category.id', 'article.category_id');
}

/**
 * Articles in the order the help centre lists them: by category's place, then by the article's own
 * place in it. Written with `sql.ref` so it serves any query over `article` and `category` (the
 * customer's also joins the texts), whatever else that query joins.
 */
export function inDisplayOrder<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
): SelectQueryBuilder<DB, TB, Row> {
  return query
    .orderBy(sql.ref('category.sort'))
    .orderBy(sql.ref('category.id'))
    .orderBy(sql.ref('article.sort'))
    .orderBy(sql.ref('article.id'));
}

/** An article's row with its category's names, its English text and its text in the reader's language, if any. */
type TranslatedRow<Body extends 'summary' | 'content'> = {
  id: number;
  category_id: number;
  sort: number;
  updated_at: number | string;
  name_lang: string;
  own_title: string | null;
  english_title: string;
} & { [Key in `own_${Body}`]: string | null } & { [Key in `english_${Body}`]: string };

/**
 * An article as a reader sees it: in their language where it has a text in it, else in English (every
 * article has one), with either its summary (the list) or its content (the article).
 */
export function translatedArticle<Body extends 'summary' | 'content'>(
  row: TranslatedRow<Body>,
  language: string,
  body: Body,
) {
  const own = row.own_title !== null;
  const ownBody: string | null = row[`own_${body}`];
  const englishBody: string = row[`english_${body}`];
  // A computed key of a generic type widens to `string`; it is `body`.
  const text = { [body]: own ? (ownBody ?? '') : englishBody } as Record<Body, string>;
  return {
    id: row.id,
    categoryId: row.category_id,
    categoryName: pickTranslation(parseLanguageMap(row.name_lang), language).text,
    title: own ? row.own_title! : row.english_title,
    ...text,
    language: own ? language : 'en',
    sort: row.sort,
    updatedAt: Number(row.updated_at),
  };
}
