import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { support } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { STAFF_OWNER, type RealtimeHub } from '../../realtime/hub';
import { privateOwnersOf } from './conversation-owner';
import { staffUnreadTotals, type ConversationRow } from './conversation-repository';

/**
 * Live delivery on the private channel `support`, called only after the change committed: the
 * customer (their real and demo sessions) and every staff socket. Work is skipped for a side nobody
 * listens to; an offline side reads the same rows from the history later. A failure here is logged,
 * never answered: the change is already committed, and a retry of the request would repeat it.
 */
export class SupportEvents {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async message(
    conversation: ConversationRow,
    customerMessage: support.SupportMessage,
    staffMessage: support.OperatorSupportMessage,
  ): Promise<void> {
    await this.deliver(
      conversation,
      {
        kind: 'message',
        conversationId: conversation.id,
        message: customerMessage,
        unreadCount: conversation.customer_unread_count,
      },
      (staffUnreadTotal) => ({
        kind: 'message',
        conversationId: conversation.id,
        userId: conversation.user_id,
        message: staffMessage,
        staffUnreadCount: conversation.staff_unread_count,
        staffUnreadTotal,
      }),
    );
  }

  async read(conversation: ConversationRow, side: support.SupportSender): Promise<void> {
    const readUpTo = side === 'customer' ? conversation.customer_read_up_to : conversation.staff_read_up_to;
    await this.deliver(
      conversation,
      {
        kind: 'read',
        conversationId: conversation.id,
        side,
        readUpTo,
        unreadCount: conversation.customer_unread_count,
      },
      (staffUnreadTotal) => ({
        kind: 'read',
        conversationId: conversation.id,
        side,
        readUpTo,
        staffUnreadCount: conversation.staff_unread_count,
        staffUnreadTotal,
      }),
    );
  }

  private async deliver(
    conversation: ConversationRow,
    customerEvent: support.SupportCustomerEvent,
    staffEvent: (staffUnreadTotal: number) => support.SupportStaffEvent,
  ): Promise<void> {
    try {
      for (const owner of await privateOwnersOf(this.db, conversation.user_id)) {
        if (this.hub.hasPrivateSubscribers(owner, 'support')) this.hub.publishPrivate(owner, 'support', customerEvent);
      }
      if (this.hub.hasPrivateSubscribers(STAFF_OWNER, 'support')) {
        const { staffUnreadTotal } = await staffUnreadTotals(this.db);
        this.hub.publishPrivate(STAFF_OWNER, 'support', staffEvent(staffUnreadTotal));
      }
    } catch (error) {
      this.log.warn({ error, conversationId: conversation.id }, 'support: live delivery failed; the history has it');
    }
  }
}
