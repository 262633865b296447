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
