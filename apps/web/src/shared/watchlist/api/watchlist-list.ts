import { market } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';

/**
 * The customer's watchlist (quote list index 4; SPEC §7: no params). Customer data: logging out forgets it.
 */
export function watchlistQuery(token: string | null) {
  return queryOptions({
    queryKey: customerKey('watchlist', token),
    queryFn: ({ signal }) => call(market.watchlistList, { signal }),
    select: (answer) => answer.rows,
    enabled: token !== null,
  });
}

export function useWatchlist() {
  return useQuery(watchlistQuery(useSessionToken()));
}

/** The product codes on the watchlist, for stars (empty while logged out). */
export function useWatchlistCodes(): ReadonlySet<string> {
  const { data } = useWatchlist();
  return useMemo(() => new Set(data?.map((product) => product.productCode)), [data]);
}
