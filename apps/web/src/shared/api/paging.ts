/** Rows per page of the customer's paged lists (records, statement, positions, orders). */
export const PAGE_SIZE = 20;

/** TanStack getNextPageParam for `{ rows, total }` pages: the next page while rows are missing. */
export function nextPageOf<Row>(
  lastPage: { rows: Row[]; total: number },
  pages: { rows: Row[] }[],
  lastPageParam: number,
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
  return loaded < lastPage.total && lastPage.rows.length > 0 ? lastPageParam + 1 : undefined;
}
