import { customerKey } from '../../../shared/api/customer-keys';

/** The public products (terms, quota left, reserve cover): refreshed after an order changes them. */
export const PRODUCTS_KEY = ['invest', 'staking'] as const;

/**
 * The customer's staking orders, under the `stakingOrders` kind of the customer keys: an order or a
 * redemption names it in `changes` (with the balances it moves), and a logout or the demo switch
 * forgets them with the rest of the customer's data.
 */
export const ordersKey = (token: string | null, ...detail: unknown[]) => customerKey('stakingOrders', token, ...detail);
