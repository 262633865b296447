import type { messages } from '@kestrel/contract/web';

/** One site message: title and content already in the customer's language; content is plain text. */
export type SiteMessage = messages.SiteMessage;
