import { useSessionStore } from '../../../shared/store/session';

/**
 * Query keys of the coin-to-coin screens. The customer's own data (orders, balances) sits under
 * ['bibi', 'mine', <token>, ...], so a login, a logout or the demo switch never shows one session's
 * orders to another; market data (pairs, depth, trades, ticker) under ['bibi', 'market', ...].
 * After an order, a cancel or a private update the whole ['bibi', 'mine'] prefix is refreshed.
 */
export const MINE_PREFIX = ['bibi', 'mine'] as const;

export function mineKey(token: string | null, ...parts: unknown[]): unknown[] {
  return [...MINE_PREFIX, token ?? 'guest', ...parts];
}

export function marketKey(...parts: unknown[]): unknown[] {
  return ['bibi', 'market', ...parts];
}

/**
 * The wallet tab keeps balances under ['money', ...] (features/wallet/api/money-key.ts); an order moves
 * them, so they are marked stale too. Only the key is shared, not the code.
 */
export const WALLET_PREFIX = ['money'] as const;

export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}

/** Rows per page of the orders screen. */
export const ORDERS_PAGE_SIZE = 20;
