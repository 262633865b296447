import { customerKey } from '../../../shared/api/customer-keys';

/**
 * The customer's site messages (the list, one message) under the `messages` kind of the customer keys:
 * a live message refreshes them (shared/platform/api/not-read-message-count.ts), and a logout or the
 * demo switch forgets them with the rest of the customer's data.
 */
export const messageKey = (token: string | null, ...detail: unknown[]) => customerKey('messages', token, ...detail);
