import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { ConversationRow } from './conversation-repository';
import type { SupportEvents } from './support-events';

/**
 * Moves one side's read mark forward to `upToId` (absent: the newest message), never back and never
 * past the newest message, and recounts what that side has left to read from the other side's
 * messages. Counted after the conversation's lock, so a message committed meanwhile is counted.
 * Published after the commit when the mark moved.
 */
export async function markRead(
  store: { db: Kysely<Database>; dialect: DialectName; events: SupportEvents },
  conversationId: number,
  reader: 'customer' | 'staff',
  upToId: number | undefined,
): Promise<ConversationRow | undefined> {
  const { db, dialect } = store;
  const markColumn = reader === 'customer' ? 'customer_read_up_to' : 'staff_read_up_to';
  const unreadColumn = reader === 'customer' ? 'customer_unread_count' : 'staff_unread_count';
  const writer = reader === 'customer' ? 'staff' : 'customer';
  const result = await db.transaction().execute(async (transaction) => {
    let query = transaction.selectFrom('support_conversation').selectAll().where('id', '=', conversationId);
    if (dialect === 'postgres') query = query.forUpdate();
    const conversation = await query.executeTakeFirst();
    if (!conversation) return undefined;
    const wanted = Math.min(upToId ?? conversation.last_message_id, conversation.last_message_id);
    const mark = Math.max(conversation[markColumn], wanted);
    if (mark === conversation[markColumn]) return { conversation, moved: false };
    const unread = await transaction
      .selectFrom('support_message')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', writer)
      .where('id', '>', mark)
      .executeTakeFirstOrThrow();
    const updated = await transaction
      .updateTable('support_conversation')
      .set({ [markColumn]: mark, [unreadColumn]: Number(unread.count) })
      .where('id', '=', conversationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { conversation: updated, moved: true };
  });
  if (!result) return undefined;
  if (result.moved) await store.events.read(result.conversation, reader);
  return result.conversation;
}
