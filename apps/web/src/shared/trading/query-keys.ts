import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../store/session';

/**
 * Every query of the trading screens is keyed under ['trading', <session token>, ...]: a login, a
 * logout or the demo switch changes the token, so one account never sees another's positions, not
 * even from the cache. After a trade the whole ['trading'] prefix and the money screens' ['money']
 * prefix (balances, statement) are refetched: a fill moves both.
 */
export function tradingKey(token: string | null, ...parts: unknown[]): unknown[] {
  return ['trading', token ?? 'guest', ...parts];
}

export const TRADING_PREFIX = ['trading'] as const;
/** The wallet feature's prefix (features/wallet/api/money-key.ts); spelled here, features never import each other. */
const MONEY_PREFIX = ['money'] as const;

export function refreshAfterTrade(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRADING_PREFIX }),
    queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  ]);
}

export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}

export const TRADING_PAGE_SIZE = 20;

/** TanStack getNextPageParam for `{ rows, total }` pages. */
export function nextPageOf<Row>(
  lastPage: { rows: Row[]; total: number },
  pages: { rows: Row[] }[],
  lastPageParam: number,
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
  return loaded < lastPage.total && lastPage.rows.length > 0 ? lastPageParam + 1 : undefined;
}
