import { customerKey } from '../../../shared/api/customer-keys';

/** The customer's conversation with support (its history pages), under the `support` kind. */
export const supportKey = (token: string | null, ...detail: unknown[]) => customerKey('support', token, ...detail);

/** The published ways to reach support (the chat, an email, a web page): the same for every visitor. */
export const SUPPORT_ENTRIES_KEY = ['support', 'entries'] as const;
