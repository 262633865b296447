import type { Kysely } from 'kysely';
import type { support } from '@kestrel/contract';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { fileKeyFrom, isUploadOf } from '../../core/uploads';
import type { SessionUser } from '../../http/route';
import { checkedMessageText, previewOf } from './message-text';
import { conversationUserOf } from './conversation-owner';
import { customerMessageView, operatorMessageView, type ConversationRow } from './conversation-repository';
import type { SupportEvents } from './support-events';
import { recordAudit } from '../staff/audit';

export interface SupportStore {
  db: Kysely<Database>;
  dialect: DialectName;
  events: SupportEvents;
}

/** What one message carries once checked: text, or the key of an image. */
type Content = { text: string; imageKey: null } | { text: ''; imageKey: string };

/**
 * Serializes the writers of one conversation for the rest of the transaction, so its unread counts
 * and read marks move together with its messages. SQLite's one connection already runs one
 * transaction at a time.
 */
async function lockConversation(transaction: Kysely<Database>, dialect: DialectName, id: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await transaction.selectFrom('support_conversation').select('id').where('id', '=', id).forUpdate().execute();
}

/** The customer's input checked completely before anything is written: text, or one of their own images. */
async function customerContent(
  db: Kysely<Database>,
  user: SessionUser,
  input: { text?: string; imageKey?: string },
): Promise<Content> {
  const hasText = (input.text ?? '').trim() !== '';
  const hasImage = (input.imageKey ?? '').trim() !== '';
  if (hasText && hasImage) refuse('error.support_text_or_image');
  if (hasImage) {
    // A key that is not a stored image's name, or someone else's upload, reads exactly like a missing one.
    const key = fileKeyFrom(input.imageKey ?? '');
    if (!key || !(await isUploadOf(db, user.userId, key))) refuse('error.support_image_not_found');
    return { text: '', imageKey: key };
  }
  return { text: checkedMessageText(input.text ?? ''), imageKey: null };
}

async function appendMessage(
  transaction: Kysely<Database>,
  conversation: ConversationRow,
  author: { sender: 'customer'; userId: number } | { sender: 'staff'; staffId: number },
  content: Content,
  now: number,
) {
  const message = await transaction
    .insertInto('support_message')
    .values({
      conversation_id: conversation.id,
      sender: author.sender,
      author_user_id: author.sender === 'customer' ? author.userId : null,
      staff_id: author.sender === 'staff' ? author.staffId : null,
      body_text: content.text,
      image_key: content.imageKey,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The other side has one more message to read.
  const updated = await transaction
    .updateTable('support_conversation')
    .set((eb) => ({
      last_message_id: message.id,
      last_message_at: now,
      last_sender: author.sender,
      last_preview: previewOf(content.text),
      ...(author.sender === 'customer'
        ? { staff_unread_count: eb('staff_unread_count', '+', 1) }
        : { customer_unread_count: eb('customer_unread_count', '+', 1) }),
    }))
    .where('id', '=', conversation.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, conversation: updated };
}

/**
 * A customer's message: their conversation is opened by the first one. `admit` (the rate limit) runs
 * after every check and before the write, so a refused message neither counts nor changes anything.
 * Published after the commit.
 */
export async function sendAsCustomer(
  store: SupportStore,
  user: SessionUser,
  input: { text?: string; imageKey?: string },
  request: { now: number; admit: (conversationUserId: number) => void },
): Promise<support.SupportMessage> {
  const { db, dialect } = store;
  const { now } = request;
  const content = await customerContent(db, user, input);
  const userId = await conversationUserOf(db, user);
  request.admit(userId);
  const written = await db.transaction().execute(async (transaction) => {
    // Two first messages at once both reach here: the unique user_id keeps one conversation.
    await transaction
      .insertInto('support_conversation')
      .values({
        user_id: userId,
        created_at: now,
        last_message_id: 0,
        last_message_at: now,
        last_sender: 'customer',
        last_preview: '',
        customer_read_up_to: 0,
        staff_read_up_to: 0,
        customer_unread_count: 0,
        staff_unread_count: 0,
      })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const conversation = await transaction
      .selectFrom('support_conversation')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await lockConversation(transaction, dialect, conversation.id);
    return appendMessage(transaction, conversation, { sender: 'customer', userId: user.userId }, content, now);
  });
  const view = customerMessageView(written.message);
  await store.events.message(
    written.conversation,
    view,
    operatorMessageView({ ...written.message, staff_username: null }),
  );
  return view;
}

/** A staff member's reply (text only) in an existing conversation; `admit` as above. Published after the commit. */
export async function sendAsStaff(
  store: SupportStore,
  staff: { staffId: number; username: string },
  input: { conversationId: number; text: string },
  request: { now: number; admit: () => void },
): Promise<support.OperatorSupportMessage> {
  const { db, dialect } = store;
  const { now } = request;
  const content: Content = { text: checkedMessageText(input.text), imageKey: null };
  request.admit();
  const written = await db.transaction().execute(async (transaction) => {
    await lockConversation(transaction, dialect, input.conversationId);
    const conversation = await transaction
      .selectFrom('support_conversation')
      .selectAll()
      .where('id', '=', input.conversationId)
      .executeTakeFirst();
    if (!conversation) refuse('error.support_conversation_not_found');
    const appended = await appendMessage(
      transaction,
      conversation,
      { sender: 'staff', staffId: staff.staffId },
      content,
      now,
    );
    // What staff said to a customer is an operator action like any other: findable in the audit log.
    await recordAudit(
      transaction,
      {
        staffId: staff.staffId,
        action: 'support.reply',
        targetType: 'support_conversation',
        targetId: conversation.id,
        reason: previewOf(content.text ?? ''),
        entryId: null,
        after: { messageId: appended.message.id },
      },
      now,
    );
    return appended;
  });
  const view = operatorMessageView({ ...written.message, staff_username: staff.username });
  await store.events.message(written.conversation, customerMessageView(written.message), view);
  return view;
}
