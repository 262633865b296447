/**
 * Refusal keys of site messages and platform notices: features/messages. Every key exists in every
 * language pack. Someone else's message is refused exactly like a missing one (message_not_found), so
 * an id tells nothing about other customers.
 */
export const MESSAGES_ERROR_KEYS = [
  'error.message_not_found',
  'error.notice_not_found',
  /** A notice or a broadcast needs its English title and text: every other language falls back to them. */
  'error.english_text_required',
  /** A broadcast to one customer names no real customer. */
  'error.broadcast_recipient_not_found',
] as const;
