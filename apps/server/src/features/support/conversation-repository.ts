import type { Kysely, Selectable } from 'kysely';
import type { support } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { SupportConversationTable, SupportMessageTable } from '../../db/schema-support';
import { pageWithTotal, readPage, type PageRequest } from '../../core/paging';
import { maskedContact } from './contact-mask';

export type ConversationRow = Selectable<SupportConversationTable>;
type MessageRow = Selectable<SupportMessageTable>;

export function customerMessageView(row: MessageRow): support.SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    sender: row.sender,
    kind: row.image_key === null ? 'text' : 'image',
    text: row.body_text,
    imageUrl: row.image_key === null ? '' : `/uploads/${row.image_key}`,
    createdAt: Number(row.created_at),
  };
}

export function operatorMessageView(
  row: MessageRow & { staff_username: string | null },
): support.OperatorSupportMessage {
  return { ...customerMessageView(row), staffId: row.staff_id, staffUsername: row.staff_username ?? '' };
}

export async function conversationOfUser(db: Kysely<Database>, userId: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('support_conversation').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function conversationById(db: Kysely<Database>, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('support_conversation').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One page of a conversation, going backwards: the newest `pageSize` messages before `beforeId`,
 * answered oldest first; the total counts the whole conversation.
 */
export async function messagePage(
  db: Kysely<Database>,
  conversationId: number,
  query: { beforeId?: number; pageSize: number },
): Promise<{ rows: (MessageRow & { staff_username: string | null })[]; total: number }> {
  let page = db
    .selectFrom('support_message as message')
    .leftJoin('staff_member as staff', 'staff.id', 'message.staff_id')
    .selectAll('message')
    .select('staff.username as staff_username')
    .where('message.conversation_id', '=', conversationId);
  if (query.beforeId !== undefined) page = page.where('message.id', '<', query.beforeId);
  const { rows, total } = await pageWithTotal(
    page.orderBy('message.id', 'desc').limit(query.pageSize).execute(),
    db
      .selectFrom('support_message')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow(),
  );
  return { rows: rows.reverse(), total };
}

/** Customer messages no staff member has read, over every conversation (only those with some are read). */
export async function staffUnreadTotals(
  db: Kysely<Database>,
): Promise<{ staffUnreadTotal: number; conversationsWithUnread: number }> {
  const row = await db
    .selectFrom('support_conversation')
    .select((eb) => [
      eb.fn.sum<string | number>('staff_unread_count').as('unread'),
      eb.fn.countAll().as('conversations'),
    ])
    .where('staff_unread_count', '>', 0)
    .executeTakeFirstOrThrow();
  return { staffUnreadTotal: Number(row.unread ?? 0), conversationsWithUnread: Number(row.conversations) };
}

function conversationView(
  row: ConversationRow & {
    email: string | null;
    phone: string | null;
    area_code: string | null;
    user_account: string | null;
  },
): support.SupportConversation {
  return {
    id: row.id,
    userId: row.user_id,
    contact: row.user_account === null ? '' : maskedContact({ ...row, user_account: row.user_account }),
    lastMessageAt: Number(row.last_message_at),
    lastSender: row.last_sender,
    lastPreview: row.last_preview,
    staffUnreadCount: row.staff_unread_count,
    customerUnreadCount: row.customer_unread_count,
    createdAt: Number(row.created_at),
  };
}

function conversationsWithContact(db: Kysely<Database>) {
  return db
    .selectFrom('support_conversation as conversation')
    .leftJoin('user_account as account', 'account.id', 'conversation.user_id')
    .selectAll('conversation')
    .select(['account.email', 'account.phone', 'account.area_code', 'account.user_account']);
}

export async function operatorConversation(
  db: Kysely<Database>,
  id: number,
): Promise<support.SupportConversation | undefined> {
  const row = await conversationsWithContact(db).where('conversation.id', '=', id).executeTakeFirst();
  return row ? conversationView(row) : undefined;
}

/** Newest activity first; `unreadOnly` keeps the conversations waiting for staff. */
export async function operatorConversations(
  db: Kysely<Database>,
  query: PageRequest & { unreadOnly: number },
): Promise<{ rows: support.SupportConversation[]; total: number }> {
  const conversations = conversationsWithContact(db);
  return readPage(
    (query.unreadOnly === 1 ? conversations.where('conversation.staff_unread_count', '>', 0) : conversations)
      .orderBy('conversation.last_message_at', 'desc')
      .orderBy('conversation.id', 'desc'),
    query,
    conversationView,
  );
}
