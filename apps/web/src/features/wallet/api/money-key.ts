import { useSessionStore } from '../../../shared/store/session';

/**
 * Every query of the money screens is keyed under ['money', <session token>, ...]: a login, a logout or
 * a switch between the real and the demo account changes the token, so one session never shows
 * another's balances, not even from the cache for a moment. After a money-moving action the whole
 * ['money'] prefix is invalidated: balances, records and the statement all change together.
 */
export function moneyKey(token: string | null, ...parts: unknown[]): unknown[] {
  return ['money', token ?? 'guest', ...parts];
}

export const MONEY_PREFIX = ['money'] as const;

/** The session token, re-rendering when it changes (not only when it appears or goes). */
export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}

export const PAGE_SIZE = 20;

/** TanStack getNextPageParam for `{ rows, total }` pages. */
export function nextPageOf<Row>(
  lastPage: { rows: Row[]; total: number },
  pages: { rows: Row[] }[],
  lastPageParam: number,
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
  return loaded < lastPage.total && lastPage.rows.length > 0 ? lastPageParam + 1 : undefined;
}
