import type { FastifyInstance } from 'fastify';
import { support } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { endpointRegistrar } from '../../http/route';
import type { RealtimeHub } from '../../realtime/hub';
import { operatorRegistrar } from '../staff/operator-registrar';
import { conversationUserOf } from './conversation-owner';
import {
  conversationById,
  conversationOfUser,
  customerMessageView,
  messagePage,
  operatorConversation,
  operatorConversations,
  operatorMessageView,
  staffUnreadTotals,
} from './conversation-repository';
import { markRead } from './read-service';
import { SendLimits } from './send-limits';
import { sendAsCustomer, sendAsStaff, type SupportStore } from './send-service';
import { supportEntries } from './support-entries';
import { SupportEvents } from './support-events';
import { supportStaff } from './staff-access';

/**
 * Live customer service (issue 15 part 3; the contract's `support` endpoints): the customer's one
 * conversation with the support staff, its history and read marks, and the staff side in the
 * operator API; every committed message and read mark is pushed on `private:support` to both sides.
 */
export function supportFeature(app: FastifyInstance, context: AppContext, hub: RealtimeHub): void {
  const { db, dialect } = context.database;
  const store: SupportStore = { db, dialect, events: new SupportEvents(db, hub, context.log) };
  const register = endpointRegistrar(app, context.authenticate);
  const limits = new SendLimits(context.clock, context.bus.redis);

  register(support.customerServiceList, async () => {
    const rows = await supportEntries(db);
    return { rows, total: rows.length };
  });

  register(support.customerServiceMessages, async ({ query, context: request }) => {
    const conversation = await conversationOfUser(db, await conversationUserOf(db, request.user));
    if (!conversation) return { rows: [], total: 0 };
    const page = await messagePage(db, conversation.id, query);
    return { rows: page.rows.map(customerMessageView), total: page.total };
  });

  register(support.customerServiceSend, async ({ body, context: request }) =>
    sendAsCustomer(store, request.user, body, {
      now: context.clock(),
      // Counted for the person, so switching to the demo account does not reset the count.
      admit: (conversationUserId) => limits.takeCustomer(conversationUserId),
    }),
  );

  const customerUnread = async (userId: number, upToId: number | undefined, mark: boolean) => {
    const found = await conversationOfUser(db, userId);
    const conversation = found && mark ? await markRead(store, found.id, 'customer', upToId) : found;
    return {
      conversationId: conversation?.id ?? 0,
      unreadCount: conversation?.customer_unread_count ?? 0,
      staffReadUpTo: conversation?.staff_read_up_to ?? 0,
    };
  };

  register(support.customerServiceMarkRead, async ({ body, context: request }) =>
    customerUnread(await conversationUserOf(db, request.user), body.upToId, true),
  );

  register(support.customerServiceUnreadCount, async ({ context: request }) =>
    customerUnread(await conversationUserOf(db, request.user), undefined, false),
  );

  // ---- Operator API: staff tokens; support or admin. ----
  const operator = operatorRegistrar(app, context);

  operator(support.operatorSupportConversations, async ({ query }) => {
    return operatorConversations(db, query);
  });

  operator(support.operatorSupportMessages, async ({ query }) => {
    if (!(await conversationById(db, query.conversationId))) refuse('error.support_conversation_not_found');
    const page = await messagePage(db, query.conversationId, query);
    return { rows: page.rows.map(operatorMessageView), total: page.total };
  });

  operator(support.operatorSupportSend, async ({ body, context: request }) => {
    const staff = await supportStaff(db, request);
    return sendAsStaff(store, staff, body, { now: context.clock(), admit: () => limits.takeStaff(staff.staffId) });
  });

  operator(support.operatorSupportMarkRead, async ({ body }) => {
    if (!(await markRead(store, body.conversationId, 'staff', body.upToId))) {
      refuse('error.support_conversation_not_found');
    }
    const [conversation, totals] = await Promise.all([
      operatorConversation(db, body.conversationId),
      staffUnreadTotals(db),
    ]);
    return { ...conversation!, staffUnreadTotal: totals.staffUnreadTotal };
  });

  operator(support.operatorSupportUnreadCount, async () => {
    return staffUnreadTotals(db);
  });
}
