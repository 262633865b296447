import { customerKey } from '../../../shared/api/customer-keys';

/**
 * The customer's loans (their list, one loan, the panel, the open-loan counts), under the `loans` kind
 * of the customer keys: an application or a repayment names it in `changes`, and a logout or the demo
 * switch forgets them with the rest of the customer's data.
 */
export const loanKey = (token: string | null, ...detail: unknown[]) => customerKey('loans', token, ...detail);

/** The published loan products: the same for every visitor, so not a customer key. */
export const LOAN_PRODUCTS_KEY = ['invest', 'loanProducts'] as const;
