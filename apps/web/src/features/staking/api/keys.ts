import { customerKey } from '../../../shared/api/customer-keys';

/** The public products (terms, quota left, reserve cover): refreshed after an order changes them. */
export const PRODUCTS_KEY = ['invest', 'staking'] as const;

/**
 * The customer's staking orders. They are a view of the customer's balances (principal moved from
 * available to staked, yield accruing to it), so they live under the `balances` kind: whatever moves a
 * balance, an order or a redemption included, refreshes them, and a logout or the demo switch forgets
 * them with the rest of the customer's data.
 */
export const ordersKey = (token: string | null, ...detail: unknown[]) =>
  customerKey('balances', token, 'stakingOrders', ...detail);
