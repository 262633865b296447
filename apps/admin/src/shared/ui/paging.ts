import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/** The page a server-paged table shows; `pagination` feeds antd's Table with the server's total. */
export function usePaging(initialPageSize = 10) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: initialPageSize });
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page.pageNum,
    pageSize: page.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    showTotal: (count) => `${count} in all`,
    onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
  });
  const reset = () => setPage((current) => ({ ...current, pageNum: 1 }));
  return { page, pagination, reset };
}

/** A table paged in the browser (the server sends every row), `pageSize` rows a page. */
export function localPagination(pageSize: number): TablePaginationConfig {
  return { pageSize, showTotal: (count) => `${count} in all` };
}

/**
 * A server-paged list's filters (a type, a search, a category) and its page: `set` changes some of
 * the filters and goes back to the first page; `query` is what the list endpoint reads.
 */
export function useFilteredPaging<Filters extends object>(initial: Filters, initialPageSize?: number) {
  const paging = usePaging(initialPageSize);
  const [filters, setFilters] = useState<Filters>(initial);
  const set = (changed: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...changed }));
    paging.reset();
  };
  return { filters, set, paging, query: { ...paging.page, ...filters } };
}
