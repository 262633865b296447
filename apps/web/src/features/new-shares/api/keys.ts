import { customerKey } from '../../../shared/api/customer-keys';

/** The public offers (list, detail, allocations): refreshed after a subscription moves their counts. */
export const OFFERS_KEY = ['invest', 'newShares'] as const;

/**
 * The customer's subscriptions, under the `subscriptions` kind of the customer keys: a subscription
 * names it in `changes` (with the balances it freezes), and a logout or the demo switch forgets them
 * with the rest of the customer's data.
 */
export const subscriptionsKey = (token: string | null, ...detail: unknown[]) =>
  customerKey('subscriptions', token, ...detail);
