import { sql, type Kysely } from 'kysely';
import type { messages } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';

/**
 * A customer's own messages. Every read and change is filtered by the owner, so another customer's
 * message id behaves exactly like a missing one: refused as message_not_found, nothing changed.
 */

function messageColumns(db: Kysely<Database>) {
  return db
    .selectFrom('site_message')
    .select(['id', 'kind', 'reference', 'title', 'content', 'read_at', 'created_at', 'book']);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageColumns>['execute']>>[number];

function toSiteMessage(row: MessageRow): messages.SiteMessage {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    title: row.title,
    content: row.content,
    readFlag: row.read_at === null ? 0 : 1,
    readTime: row.read_at === null ? null : Number(row.read_at),
    createTime: Number(row.created_at),
    demo: row.book === 'demo' ? 1 : 0,
  };
}

/** Newest first (ids grow with time), with the total for the pager. */
export async function listMessages(
  db: Kysely<Database>,
  userId: number,
  page: PageRequest & { unreadOnly: number },
): Promise<{ rows: messages.SiteMessage[]; total: number }> {
  let rows = messageColumns(db).where('user_id', '=', userId);
  let count = db
    .selectFrom('site_message')
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', '=', userId);
  if (page.unreadOnly === 1) {
    rows = rows.where('read_at', 'is', null);
    count = count.where('read_at', 'is', null);
  }
  const found = await pageWithTotal(
    rows.orderBy('id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
    count.executeTakeFirstOrThrow(),
  );
  return { rows: found.rows.map(toSiteMessage), total: found.total };
}

/** One of the customer's messages, marked read by reading it. */
export async function readMessage(
  db: Kysely<Database>,
  userId: number,
  messageId: number,
  now: number,
): Promise<messages.SiteMessage> {
  await db
    .updateTable('site_message')
    .set({ read_at: now })
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const row = await messageColumns(db).where('id', '=', messageId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) refuse('error.message_not_found');
  return toSiteMessage(row);
}

/**
 * Marks one message read, or every unread one when `messageId` is absent. Marking an already-read
 * message is not an error (a second tap changes nothing); another customer's id is refused.
 */
export async function markRead(
  db: Kysely<Database>,
  userId: number,
  messageId: number | undefined,
  now: number,
): Promise<{ marked: number; notReadMessageCount: number }> {
  let update = db
    .updateTable('site_message')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (messageId !== undefined) {
    const own = await db
      .selectFrom('site_message')
      .select('id')
      .where('id', '=', messageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) refuse('error.message_not_found');
    update = update.where('id', '=', messageId);
  }
  const result = await update.executeTakeFirst();
  return { marked: Number(result.numUpdatedRows), notReadMessageCount: await unreadCount(db, userId) };
}

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('site_message')
    .select(sql<number>`count(*)`.as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Unread counts of several owners at once (the live push), each owner's 0 included. */
export async function unreadCounts(db: Kysely<Database>, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('site_message')
    .select(['user_id', sql<number>`count(*)`.as('unread')])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  for (const row of rows) counts.set(row.user_id, Number(row.unread));
  return counts;
}
