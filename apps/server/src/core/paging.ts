import { sql, type SelectQueryBuilder, type Simplify } from 'kysely';

/** One page of a customer's or an operator's list: pages count from 1. */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

/** The rows to skip before the requested page. */
export const pageOffset = (page: PageRequest): number => (page.pageNum - 1) * page.pageSize;

/**
 * A page of rows and the total across every page, read at once. The count is converted with Number
 * because drivers differ: SQLite answers a number, PostgreSQL a bigint as text.
 */
export async function pageWithTotal<Row>(
  rows: Promise<Row[]>,
  count: Promise<{ total: unknown }>,
): Promise<{ rows: Row[]; total: number }> {
  const [found, counted] = await Promise.all([rows, count]);
  return { rows: found, total: Number(counted.total) };
}

/**
 * One page of a filtered, ordered query and the count of every row its filter matches, each row shaped
 * by `view`. The count is the same query with its select list and order replaced by `count(*)`, so one
 * chain of `where`s serves both and the total always counts the rows the pages read.
 */
export async function readPage<DB, TB extends keyof DB, Row, View>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: PageRequest,
  view: (row: Simplify<Row>) => View,
): Promise<{ rows: View[]; total: number }> {
  const count = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'));
  const found = await pageWithTotal(
    query.limit(page.pageSize).offset(pageOffset(page)).execute(),
    // Kysely cannot resolve the selection's type while DB and TB are still generic; it is `{ total }`.
    count.executeTakeFirstOrThrow() as Promise<{ total: unknown }>,
  );
  return { rows: found.rows.map((row) => view(row)), total: found.total };
}

/**
 * A list's optional filter: `query` narrowed by `narrow` when the caller gave a value, unchanged when
 * it did not (`filterWhenGiven(orders, filter.status, (query, status) => query.where('status', '=', status))`).
 */
export function filterWhenGiven<Query, Value>(
  query: Query,
  value: Value | undefined,
  narrow: (query: Query, value: Value) => Query,
): Query {
  return value === undefined ? query : narrow(query, value);
}
