import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../store/session';

/**
 * The kinds of the customer's own data. Every query of one is keyed by `customerKey`; a mutation names
 * the kinds it changed and `invalidateCustomerData` refreshes exactly those.
 */
export type CustomerData =
  /** userInfo/getUserInfo: the profile. */
  | 'profile'
  /** The unread message count (the home red dot). */
  | 'unreadCount'
  /** Site messages: the list and one message (reading one changes its read flag and the unread count). */
  | 'messages'
  | 'watchlist'
  /** Every view of the balances: userBalance, the converted balances, the assets summary, the coins held. */
  | 'balances'
  /** The ledger statement: a line for every balance change. */
  | 'statement'
  /** Deposit records and details. */
  | 'deposits'
  /** Deposit channels (the demo channel is offered to demo accounts only). */
  | 'depositChannels'
  | 'withdrawals'
  /** Exchange (balance convert) records. */
  | 'exchanges'
  | 'bankCards'
  | 'walletAddresses'
  /** Whether a withdrawal password is set. */
  | 'withdrawalPassword'
  /** Contract positions, open and closed. */
  | 'positions'
  /** Spot holdings: the wallet's summary and the held orders of a product. */
  | 'spotHoldings'
  | 'fastTrades'
  /** Coin-to-coin orders and their details. */
  | 'coinOrders'
  /** New-share subscriptions: the history and one offer's own (money frozen until allocation, then shares). */
  | 'subscriptions'
  /** Locked staking orders: the lists, one order, and the active ones the overview adds up. */
  | 'stakingOrders'
  /** Loans: the list, one loan with its repayments, the panel (what is owed), the open-loan counts. */
  | 'loans'
  /** The customer's live sessions (devices): a login elsewhere, a revoke, a password change. */
  | 'sessions'
  /** The security log: every profile, contact, password and session change. */
  | 'securityLog'
  /** The live support chat: the conversation's history pages. */
  | 'support'
  /** The support chat's unread count and staff read mark (the me screen's badge, the chat's "Seen"). */
  | 'supportUnread'
  /** Identity verification: each level's record, the summary (statuses, gates), after a submission. */
  | 'identity'
  /** The team: its figures, the members of each level and the commissions earned (features/team). */
  | 'team'
  /** Rewards: the tasks with this customer's progress and state, and what was earned (features/rewards). */
  | 'rewards'
  /**
   * Copy trading: the traders as this customer sees them (whom they follow), their follows and each
   * follow's copies, their own trader profile (features/copy-trading).
   */
  | 'copyTrading';

const ROOT = 'customer';

/**
 * The query key of customer data: ['customer', <kind>, <session token>, ...detail]. The token keeps
 * sessions apart: a login, a logout or the demo switch (each a new token) never shows one account's
 * cache to another, not even for a moment. The kind comes before the token so that one prefix
 * refreshes a kind for every session.
 */
export function customerKey(kind: CustomerData, token: string | null, ...detail: unknown[]): unknown[] {
  return [ROOT, kind, token ?? 'guest', ...detail];
}

/** The session token, re-rendering when it changes (not only when it appears or goes). */
export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}

/**
 * Refreshes what a mutation (or a live message, or pull-to-refresh) changed: the queries of these
 * kinds go stale and those on screen refetch. Resolves when they are back, so a form can stay busy
 * until the balance it shows is the new one.
 */
export async function invalidateCustomerData(queryClient: QueryClient, ...kinds: CustomerData[]): Promise<void> {
  await Promise.all(kinds.map((kind) => queryClient.invalidateQueries({ queryKey: [ROOT, kind] })));
}

/** Drops every session's data from the cache (logout, the demo switch): nothing of it may show again. */
export function forgetCustomerData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [ROOT] });
}
