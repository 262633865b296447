import type { Product } from '@kestrel/contract/web';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { call } from '../../api/call';
import type { ListLoadState } from '../../ui/ListState';
import { QUOTE_MARKETS, QUOTE_PAGE_SIZE, type MarketIndex } from '../quote-lists';

/** The loaded pages of one market's list: rows in order and the server's total. */
export interface QuotePages {
  rows: Product[];
  total: number;
  pages: number;
}

function fetchPage(index: MarketIndex, pageNum: number, signal?: AbortSignal) {
  const { endpoint } = QUOTE_MARKETS[index];
  return call(endpoint, { query: { pageNum, pageSize: QUOTE_PAGE_SIZE }, signal });
}

/**
 * One market's quote list (SPEC §7: pageSize and pageNum). The query holds the first page; "load
 * more" appends the next page to the cached rows, and a refresh starts again from page 1.
 * (Plain queries rather than TanStack's infinite queries: those would add 1.5 kB to the vendor
 * chunk every first screen loads.)
 */
export function quoteListQuery(index: MarketIndex) {
  return queryOptions({
    queryKey: ['market', 'quoteList', index],
    queryFn: async ({ signal }): Promise<QuotePages> => {
      const page = await fetchPage(index, 1, signal);
      return { rows: page.rows, total: page.total, pages: 1 };
    },
  });
}

export function useQuoteList(index: MarketIndex) {
  const queryClient = useQueryClient();
  const query = useQuery(quoteListQuery(index));
  const [loadingMore, setLoadingMore] = useState(false);
  const data = query.data;
  const hasMore = data !== undefined && data.rows.length < data.total;

  const loadMore = useCallback(async () => {
    if (!data || loadingMore || !hasMore) return;
    setLoadingMore(true);
    try {
      const next = await fetchPage(index, data.pages + 1);
      queryClient.setQueryData<QuotePages>(quoteListQuery(index).queryKey, (current) => {
        if (!current || current.pages !== data.pages) return current;
        const known = new Set(current.rows.map((row) => row.productCode));
        const fresh = next.rows.filter((row) => !known.has(row.productCode));
        // An empty page means the total moved under us: stop offering more.
        const total = next.rows.length === 0 ? current.rows.length : next.total;
        return { rows: [...current.rows, ...fresh], total, pages: current.pages + 1 };
      });
    } catch {
      // The request layer has told the customer; "load more" stays available.
    } finally {
      setLoadingMore(false);
    }
  }, [data, hasMore, index, loadingMore, queryClient]);

  const listState: ListLoadState = loadingMore ? 'loading' : hasMore ? 'more' : 'none';
  return { ...query, listState, loadMore };
}

export interface MarketResults {
  index: MarketIndex;
  labelKey: (typeof QUOTE_MARKETS)[number]['labelKey'];
  rows: Product[];
}

/** SPEC §7 keyword search: the keyWords filter on the four markets at once (first page each), grouped. */
export function quoteSearchQuery(keyWords: string) {
  return queryOptions({
    queryKey: ['market', 'quoteSearch', keyWords],
    queryFn: ({ signal }): Promise<MarketResults[]> =>
      Promise.all(
        QUOTE_MARKETS.map(async ({ index, labelKey, endpoint }) => {
          const answer = await call(endpoint, {
            query: { pageNum: 1, pageSize: QUOTE_PAGE_SIZE, ...(keyWords ? { keyWords } : {}) },
            signal,
          });
          return { index, labelKey, rows: answer.rows };
        }),
      ),
    staleTime: 60_000,
  });
}

/** `enabled` false keeps it idle (an empty search box); an empty keyword lists every market's first page. */
export function useQuoteSearch(keyWords: string, enabled = true) {
  return useQuery({ ...quoteSearchQuery(keyWords), enabled });
}
