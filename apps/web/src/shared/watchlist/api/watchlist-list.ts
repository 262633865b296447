import { market } from '@kestrel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../api/call';
import { useIsLoggedIn } from '../../store/session';

/**
 * The customer's watchlist (quote list index 4; SPEC §7: no params). Kept under the 'account' key, so
 * logging out (which removes every 'account' query) forgets it.
 */
export function watchlistQuery() {
  return queryOptions({
    queryKey: ['account', 'watchlist'],
    queryFn: ({ signal }) => call(market.watchlistList, { signal }),
    select: (answer) => answer.rows,
  });
}

export function useWatchlist() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...watchlistQuery(), enabled: loggedIn });
}

/** The product codes on the watchlist, for stars (empty while logged out). */
export function useWatchlistCodes(): ReadonlySet<string> {
  const { data } = useWatchlist();
  return useMemo(() => new Set(data?.map((product) => product.productCode)), [data]);
}
