import { customerKey } from '../../../shared/api/customer-keys';

/**
 * The team's queries, under the `team` kind of the customer keys: a logout or the demo switch forgets
 * them with the rest of the customer's data. Nothing the customer does here changes them (commissions
 * come from what the members pay), so pull to refresh is their only refresh.
 */
export const teamKey = (token: string | null, ...detail: unknown[]) => customerKey('team', token, ...detail);
