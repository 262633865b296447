// Endpoints of Site messages and platform notices: features/messages (issue 15). Exported as `messages`.
//
// A site message is written by an event (a deposit confirmed, a position closed by its stop-loss, a
// loan falling due ...) in the same transaction as the event, to exactly one customer, in the
// language that customer last used, and never twice for one event (`kind` + `reference` is unique per
// customer). Its title and content are rendered on the server when it is written; the app shows them
// as they are. `reference` names what the message is about (`deposit:12`, `position:7`, ...) so the
// app can open it. A demo account's messages belong to the demo account (`demo: 1`) and are listed
// while the customer is in demo mode.
//
// `notReadMessageCount` (the home red dot) stays in the `account` namespace, unchanged.
//
// WebSocket: after `{op:'auth', token}`, subscribe to `private:messages`; each new message arrives as a
// `SiteMessagePush` (`{ siteMessageId, kind, reference, title, createTime, demo, notReadMessageCount }`),
// which carries the new unread count so the red dot changes without a request.
//
// Platform notices (`/pages/notifyList/notifyList`, the home news strip m-news) are written by
// operators per language and answered in the request's language, English when that one is missing.
// Their content is HTML cleaned on save (one allow-list for the whole platform).
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery } from '../endpoint';
import { auditReason, flag, recordId, translations } from './shapes';
import { operatorSaveEndpoint } from './operator-save';

export { SITE_MESSAGE_OUTCOMES, SITE_MESSAGE_KINDS, type SiteMessageKind } from '../kinds/site-messages';

export const siteMessage = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What the message is about, `<type>:<id>` (`deposit:12`, `withdrawal:3`, `position:7`, `fast_trade:9`, `new_share_subscription:4`, `loan:5`, `broadcast:2`). */
  reference: z.string(),
  title: z.string(),
  /** Plain text (never HTML); line breaks are `\n`. */
  content: z.string(),
  /** 0 unread, 1 read. */
  readFlag: flag,
  readTime: z.number().int().nullable(),
  /** When it was written; always sent (the app hides it when the `showMsgTime` setting is 0). */
  createTime: z.number().int(),
  /** 1 when it belongs to a demo account (demo funds). */
  demo: flag,
});
export type SiteMessage = z.infer<typeof siteMessage>;

export const siteMessageList = defineEndpoint({
  method: 'GET',
  path: '/api/siteMessage/list',
  summary: "The customer's own site messages, newest first, with their read flag",
  tag: 'messages',
  auth: 'user',
  query: pageQuery.extend({
    /** 1: unread only. */
    unreadOnly: z.coerce.number().int().min(0).max(1).default(0),
  }),
  answer: { kind: 'rows', schema: siteMessage },
});

export const siteMessageDetail = defineEndpoint({
  method: 'GET',
  path: '/api/siteMessage/detail',
  summary: 'One of the customer’s own messages; reading it marks it read (ours)',
  tag: 'messages',
  auth: 'user',
  query: z.object({ siteMessageId: recordId }),
  answer: { kind: 'data', schema: siteMessage },
});

/** What a mark answers: how many changed, and the unread count after it (the red dot). */
export const markReadAnswer = z.object({ marked: z.number().int(), notReadMessageCount: z.number().int() });

export const siteMessageMarkRead = defineEndpoint({
  method: 'POST',
  path: '/api/siteMessage/markReadFlag',
  summary:
    'Mark one message read (siteMessageId in the query string or the form body), or every message when it is absent',
  tag: 'messages',
  auth: 'user',
  query: z.object({ siteMessageId: recordId.optional() }),
  body: z.object({ siteMessageId: recordId.optional() }),
  answer: { kind: 'data', schema: markReadAnswer },
});

/** The `private:messages` WebSocket message: one per new site message, to its owner only. */
export const siteMessagePush = z.object({
  siteMessageId: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  title: z.string(),
  createTime: z.number().int(),
  demo: flag,
  /** The owner's unread count including this message. */
  notReadMessageCount: z.number().int(),
});
export type SiteMessagePush = z.infer<typeof siteMessagePush>;

// ---- Platform notices ----

export const noticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first words of the content as plain text, for a list or the home news strip. */
  summary: z.string(),
  publishTime: z.number().int(),
});
export type NoticeSummary = z.infer<typeof noticeSummary>;

export const noticeList = defineEndpoint({
  method: 'GET',
  path: '/api/notice/list',
  summary: 'Platform notices in the request language (English where one is missing), newest first (ours)',
  tag: 'messages',
  auth: 'public',
  query: pageQuery,
  answer: { kind: 'rows', schema: noticeSummary },
});

export const noticeDetail = defineEndpoint({
  method: 'GET',
  path: '/api/notice/detail',
  summary: 'One published notice with its content (sanitized HTML) (ours)',
  tag: 'messages',
  auth: 'public',
  query: z.object({ id: recordId }),
  answer: {
    kind: 'data',
    schema: noticeSummary.extend({
      /** HTML cleaned with the platform's allow-list on save; the app cleans it again before showing it. */
      content: z.string(),
    }),
  },
});

// ---- Operator API (staff token) ----

export const operatorNotice = z.object({
  id: z.number().int(),
  titleLang: translations,
  contentLang: translations,
  /** 1 shown to customers (from publishTime on), 0 hidden. */
  visible: flag,
  sort: z.number().int(),
  publishTime: z.number().int(),
  updatedTime: z.number().int(),
});
export type OperatorNotice = z.infer<typeof operatorNotice>;

export const operatorNotices = defineEndpoint({
  method: 'GET',
  path: '/api/operator/notices',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'Every platform notice with all its languages, hidden ones too (every role)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: operatorNotice },
});

/** Per-language texts: keys are language codes (`en` required), at most 19. */
const titleMap = z.record(z.string().max(8), z.string().trim().max(200));
const contentMap = z.record(z.string().max(8), z.string().max(50_000));

export const operatorNoticeSave = operatorSaveEndpoint({
  path: '/api/operator/notices/save',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Create a notice (no id) or edit one; English title and content required, the content HTML is sanitized (admin)',
  idempotent: true,
  fields: {
    titleLang: titleMap,
    contentLang: contentMap,
    visible: flag.default(1),
    sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** Epoch ms; absent: now (on create) or unchanged (on edit). */
    publishTime: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  },
  saved: operatorNotice,
});

export const operatorNoticeVisibility = defineEndpoint({
  method: 'POST',
  path: '/api/operator/notices/setVisible',
  staffRoles: STAFF_ROLE_SETS.content,
  summary: 'Show (1) or hide (0) a notice (admin)',
  tag: 'operator',
  auth: 'user',
  body: z.object({
    id: recordId,
    visible: z.coerce.number().int().min(0).max(1),
    reason: auditReason,
  }),
  answer: { kind: 'data', schema: operatorNotice },
});

export const operatorBroadcast = defineEndpoint({
  method: 'POST',
  path: '/api/operator/siteMessage/broadcast',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Send a site message to every real customer or to one (userId), each in their own language (English where one is missing) (admin)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  bodyEncoding: 'json',
  body: z.object({
    /** Absent: every real customer. */
    userId: recordId.optional(),
    titleLang: titleMap,
    /** Plain text, at most 5,000 characters per language. */
    contentLang: z.record(z.string().max(8), z.string().max(5_000)),
    reason: auditReason,
  }),
  answer: {
    kind: 'data',
    schema: z.object({
      broadcastId: z.number().int(),
      /** The messages written (a customer already holding this broadcast is not counted twice). */
      recipients: z.number().int(),
    }),
  },
});
