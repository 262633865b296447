import { customerKey } from '../../../shared/api/customer-keys';

/**
 * The reward queries, under the `rewards` kind of the customer keys: a claim names it in `changes`
 * (with the balances it credits), and a logout or the demo switch forgets them with the rest of the
 * customer's data. Logged out, the tasks are kept under the guest token.
 */
export const rewardsKey = (token: string | null, ...detail: unknown[]) => customerKey('rewards', token, ...detail);
