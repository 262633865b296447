// Endpoints of live customer service: features/support (issue 15 part 3). Exported as `support`.
//
// One conversation per customer between them and the support staff. A demo account talks in its real
// owner's conversation (demo_link), so switching to demo mode never hides or splits the chat.
// Messages are rows: they stay while either side is offline and the history returns them. A
// message is plain text (trimmed, 1 to SUPPORT_TEXT_MAX characters, no control characters; shown as
// text, never interpreted as HTML) or one image the customer uploaded (`common/upload`, which checks
// type, size and pixels). Each side has a read mark, so each side has an unread count.
//
// Live: after each commit the server publishes on the private channel `support` (WebSocket
// `private:support`): to the customer (their real and their demo session) a `SupportCustomerEvent`,
// and to every staff socket authenticated with `{ op: 'auth', token, as: 'staff' }` (support or admin
// role) a `SupportStaffEvent`.
//
// Rate limits per customer: SUPPORT_SEND_LIMITS. None of these calls moves money.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery } from '../endpoint';
import { recordId } from './shapes';

export const SUPPORT_TEXT_MAX = 1000;
/** Messages one history page may answer. */
export const SUPPORT_HISTORY_PAGE_MAX = 50;
/** Per customer: at most `count` messages per `seconds`, each window counted on its own. */
export const SUPPORT_SEND_LIMITS = [
  { count: 10, seconds: 10 },
  { count: 200, seconds: 3600 },
] as const;
export const SUPPORT_SENDERS = ['customer', 'staff'] as const;
export type SupportSender = (typeof SUPPORT_SENDERS)[number];
/** The entry points `customerService/list` answers: the live chat, then what the operator configured. */
export const SUPPORT_ENTRY_KINDS = ['chat', 'email', 'link'] as const;

export const supportEntry = z.object({
  /** chat: the live chat (value ''); email: an address (value); link: a web page (value, https). */
  kind: z.enum(SUPPORT_ENTRY_KINDS),
  value: z.string(),
  sort: z.number().int(),
});
export type SupportEntry = z.infer<typeof supportEntry>;

export const supportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(SUPPORT_SENDERS),
  kind: z.enum(['text', 'image']),
  /** Plain text ('' for an image). Render as text. */
  text: z.string(),
  /** `/uploads/<key>` for an image, else ''. */
  imageUrl: z.string(),
  createdAt: z.number().int(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const operatorSupportMessage = supportMessage.extend({
  /** The staff member who wrote it (null for the customer's messages). */
  staffId: z.number().int().nullable(),
  staffUsername: z.string(),
});
export type OperatorSupportMessage = z.infer<typeof operatorSupportMessage>;

const historyQuery = z.object({
  /** Messages older than this id; absent: the newest. Pages go backwards from here. */
  beforeId: recordId.optional(),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_HISTORY_PAGE_MAX).default(30),
});

const unreadAnswer = z.object({
  /** 0 before the customer's first message. */
  conversationId: z.number().int(),
  /** Staff messages the customer has not read. */
  unreadCount: z.number().int(),
  /** The newest message staff have read (0: none). */
  staffReadUpTo: z.number().int(),
});

export const customerServiceList = defineEndpoint({
  method: 'GET',
  path: '/api/customerService/list',
  summary: "Support entry points: the live chat, then the operator's configured email and web page when set",
  tag: 'support',
  auth: 'optional',
  answer: { kind: 'rows', schema: supportEntry },
});

export const customerServiceMessages = defineEndpoint({
  method: 'GET',
  path: '/api/customerService/messages',
  summary:
    "The customer's conversation: a page of messages before beforeId, oldest first within the page; total counts every message (ours)",
  tag: 'support',
  auth: 'user',
  query: historyQuery,
  answer: { kind: 'rows', schema: supportMessage },
});

export const customerServiceSend = defineEndpoint({
  method: 'POST',
  path: '/api/customerService/send',
  summary: 'Send support a text or an image (an upload key of your own); rate limited (ours)',
  tag: 'support',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    // Bounded here only against huge bodies: the service trims and refuses with precise keys.
    text: z
      .string()
      .max(SUPPORT_TEXT_MAX * 4)
      .optional(),
    /** The key (or `/uploads/<key>` URL) `common/upload` answered. */
    imageKey: z.string().max(200).optional(),
  }),
  answer: { kind: 'data', schema: supportMessage },
});

export const customerServiceMarkRead = defineEndpoint({
  method: 'POST',
  path: '/api/customerService/markRead',
  summary: "Mark staff messages read up to upToId (absent: all); answers the customer's unread count (ours)",
  tag: 'support',
  auth: 'user',
  body: z.object({ upToId: recordId.optional() }),
  answer: { kind: 'data', schema: unreadAnswer },
});

export const customerServiceUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/api/customerService/unreadCount',
  summary: 'How many staff messages the customer has not read (ours)',
  tag: 'support',
  auth: 'user',
  answer: { kind: 'data', schema: unreadAnswer },
});

// ---- Operator API (staff token; support or admin role). Staff send text only. ----

export const supportConversation = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The customer's email or phone, masked (j***@example.com, +1-***4567). */
  contact: z.string(),
  lastMessageAt: z.number().int(),
  lastSender: z.enum(SUPPORT_SENDERS),
  /** The last message as plain text, cut short ('' for an image). */
  lastPreview: z.string(),
  /** Customer messages no staff member has read. */
  staffUnreadCount: z.number().int(),
  /** Staff messages the customer has not read. */
  customerUnreadCount: z.number().int(),
  createdAt: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const operatorSupportConversations = defineEndpoint({
  method: 'GET',
  path: '/api/operator/support/conversations',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: 'Support conversations, newest activity first, with unread counts; unreadOnly=1 filters (support or admin)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ unreadOnly: z.coerce.number().int().min(0).max(1).default(0) }),
  answer: { kind: 'rows', schema: supportConversation },
});

export const operatorSupportMessages = defineEndpoint({
  method: 'GET',
  path: '/api/operator/support/messages',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: "One conversation's messages before beforeId, oldest first within the page (support or admin)",
  tag: 'operator',
  auth: 'user',
  query: historyQuery.extend({ conversationId: recordId }),
  answer: { kind: 'rows', schema: operatorSupportMessage },
});

export const operatorSupportSend = defineEndpoint({
  method: 'POST',
  path: '/api/operator/support/send',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: 'Reply in a conversation with text (support or admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({ conversationId: recordId, text: z.string().max(SUPPORT_TEXT_MAX * 4) }),
  answer: { kind: 'data', schema: operatorSupportMessage },
});

export const operatorSupportMarkRead = defineEndpoint({
  method: 'POST',
  path: '/api/operator/support/markRead',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: "Mark a conversation's customer messages read up to upToId (absent: all) (support or admin)",
  tag: 'operator',
  auth: 'user',
  body: z.object({ conversationId: recordId, upToId: recordId.optional() }),
  answer: { kind: 'data', schema: supportConversation.extend({ staffUnreadTotal: z.number().int() }) },
});

export const operatorSupportUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/api/operator/support/unreadCount',
  staffRoles: STAFF_ROLE_SETS.customerCare,
  summary: 'Customer messages no staff member has read, over every conversation (support or admin)',
  tag: 'operator',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({ staffUnreadTotal: z.number().int(), conversationsWithUnread: z.number().int() }),
  },
});

// ---- WebSocket payloads on `private:support` (types for the clients; the server builds them) ----

export const supportCustomerEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.number().int(),
    message: supportMessage,
    /** The customer's unread count after this message. */
    unreadCount: z.number().int(),
  }),
  z.object({
    kind: z.literal('read'),
    conversationId: z.number().int(),
    /** Who read: the customer (on another device) or staff. */
    side: z.enum(SUPPORT_SENDERS),
    readUpTo: z.number().int(),
    unreadCount: z.number().int(),
  }),
]);
export type SupportCustomerEvent = z.infer<typeof supportCustomerEvent>;

export const supportStaffEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.number().int(),
    userId: z.number().int(),
    message: operatorSupportMessage,
    /** This conversation's unread customer messages, and every conversation's. */
    staffUnreadCount: z.number().int(),
    staffUnreadTotal: z.number().int(),
  }),
  z.object({
    kind: z.literal('read'),
    conversationId: z.number().int(),
    side: z.enum(SUPPORT_SENDERS),
    readUpTo: z.number().int(),
    staffUnreadCount: z.number().int(),
    staffUnreadTotal: z.number().int(),
  }),
]);
export type SupportStaffEvent = z.infer<typeof supportStaffEvent>;
