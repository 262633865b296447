import type { QueryClient } from '@tanstack/react-query';

/**
 * The customer's loans (their list, one loan, the panel) under the app's customer key scheme
 * (shared/api/customer-keys.ts: ['customer', kind, token, ...detail]), as kind 'loans'. The shared
 * `CustomerData` union has no loan kind yet, so the key is spelled here; being under 'customer' it is
 * still dropped at logout and the demo switch, and kept apart per session token.
 */
export function loanKey(token: string | null, ...detail: unknown[]): unknown[] {
  return ['customer', 'loans', token ?? 'guest', ...detail];
}

/** Refreshes every view of the customer's loans (after an application or a repayment). */
export function refreshLoans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['customer', 'loans'] });
}

/** The published loan products: the same for every visitor, so not a customer key. */
export const LOAN_PRODUCTS_KEY = ['invest', 'loanProducts'] as const;
