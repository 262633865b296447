import { customerKey } from '../../../shared/api/customer-keys';

/** The public offers (list, detail, allocations): refreshed after a subscription moves their counts. */
export const OFFERS_KEY = ['invest', 'newShares'] as const;

/**
 * The customer's subscriptions. They are a view of the customer's balances (a subscription is money
 * frozen until allocation, then shares on their way to the spot holdings), so they live under the
 * `balances` kind: whatever moves a balance, this subscription included, refreshes them, and a logout
 * or the demo switch forgets them with the rest of the customer's data.
 */
export const subscriptionsKey = (token: string | null, ...detail: unknown[]) =>
  customerKey('balances', token, 'newShareSubscriptions', ...detail);
