import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, messages, type LanguageCode } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { findRecipient, type Recipient } from './customer-language';
import { clip, CONTENT_LENGTH_MAX, interpolate, paramsJson, TITLE_LENGTH_MAX, type MessageParams } from './rendering';

const { SITE_MESSAGE_OUTCOMES } = messages;

/** The kinds an event writes; `broadcast` is written by the operator broadcast only (broadcast-service.ts). */
export type EventKind = Exclude<messages.SiteMessageKind, 'broadcast'>;
type OutcomeOf<Kind extends EventKind> = (typeof SITE_MESSAGE_OUTCOMES)[Kind][number];

/** One event's message to one customer. */
export type SiteMessageEvent = {
  [Kind in EventKind]: {
    userId: number;
    kind: Kind;
    /** Which way it went, for the kinds that have outcomes (it picks the text); absent for the others. */
    outcome?: OutcomeOf<Kind>;
    /** `<type>:<id>` of what it is about: with the kind, what makes the message unique per customer. */
    reference: string;
    /** Values of the text's {{placeholders}}: formatted amounts, times, names. */
    params: MessageParams;
  };
}[EventKind];

/** The row a message becomes, for any writer (events here, broadcasts in broadcast-service.ts). */
export interface SiteMessageRow {
  user_id: number;
  kind: string;
  reference: string;
  params: string;
  language: LanguageCode;
  book: Recipient['book'];
  title: string;
  content: string;
  read_at: null;
  created_at: number;
}

export function siteMessageRow(
  recipient: Recipient,
  message: { kind: string; reference: string; params: string; title: string; content: string },
  now: number,
): SiteMessageRow {
  return {
    user_id: recipient.userId,
    kind: message.kind,
    reference: message.reference,
    params: message.params,
    language: recipient.language,
    book: recipient.book,
    title: clip(message.title, TITLE_LENGTH_MAX),
    content: clip(message.content, CONTENT_LENGTH_MAX),
    read_at: null,
    created_at: now,
  };
}

/**
 * Writes an event's message INSIDE the caller's transaction, so the message exists exactly when the
 * event does: if the event rolls back, so does its message. The title and body come from the
 * language packs (`sitemsg.<kind>[.<outcome>].title|body`, as stored in language_text, so an
 * operator's edit of a text applies) in the customer's language, English where a text is missing.
 * At most one message per (customer, kind, reference): a replay or a re-run job writes nothing and
 * answers `written: false`. The live push happens after commit (message-push.ts), never here.
 */
export async function writeSiteMessage(
  transaction: Kysely<Database>,
  event: SiteMessageEvent,
  now: number,
): Promise<{ written: boolean; id: number | null }> {
  const outcomes: readonly string[] = SITE_MESSAGE_OUTCOMES[event.kind];
  if (outcomes.length > 0 !== (event.outcome !== undefined) || (event.outcome && !outcomes.includes(event.outcome))) {
    throw new Error(
      `site message ${event.kind}: outcome ${String(event.outcome)} is not one of [${outcomes.join(', ')}]`,
    );
  }
  const recipient = await findRecipient(transaction, event.userId);
  if (!recipient) throw new Error(`site message ${event.kind} ${event.reference}: no customer ${event.userId}`);
  const textKey = event.outcome ? `sitemsg.${event.kind}.${event.outcome}` : `sitemsg.${event.kind}`;
  const texts = await packTexts(transaction, recipient.language, [`${textKey}.title`, `${textKey}.body`]);
  const render = (key: string) => interpolate(texts.get(key) ?? key, event.params, recipient.language);
  const row = siteMessageRow(
    recipient,
    {
      kind: event.kind,
      reference: event.reference,
      params: paramsJson(event.params),
      title: render(`${textKey}.title`),
      content: render(`${textKey}.body`),
    },
    now,
  );
  const inserted = await transaction
    .insertInto('site_message')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return { written: inserted !== undefined, id: inserted?.id ?? null };
}

/** The texts of `keys` in `language`, English where that language lacks one. */
async function packTexts(
  transaction: Kysely<Database>,
  language: LanguageCode,
  keys: string[],
): Promise<Map<string, string>> {
  const rows = await transaction
    .selectFrom('language_text')
    .select(['language', 'text_key', 'text'])
    .where('text_key', 'in', keys)
    .where('language', 'in', [language, DEFAULT_LANGUAGE])
    .execute();
  const texts = new Map<string, string>();
  for (const row of rows) if (row.language === DEFAULT_LANGUAGE) texts.set(row.text_key, row.text);
  for (const row of rows) if (row.language === language) texts.set(row.text_key, row.text);
  return texts;
}
