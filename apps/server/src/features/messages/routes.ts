import type { FastifyInstance } from 'fastify';
import { account, messages } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import type { RealtimeHub } from '../../realtime/hub';
import type { ScheduledJob } from '../../jobs/scheduled-job';
import { operatorRegistrar } from '../staff/operator-registrar';
import { createBroadcast, deliverBroadcast, resumeBroadcasts, BROADCAST_RESUME_MS } from './broadcast-service';
import { recordRequestLanguage } from './customer-language';
import { listMessages, markRead, readMessage, unreadCount } from './message-repository';
import { MessagePusher, PUSH_INTERVAL_MS } from './message-push';
import {
  listNotices,
  noticeDetail,
  operatorNotices,
  saveNotice,
  seedNotices,
  setNoticeVisible,
} from './notice-service';

/**
 * Site messages and platform notices (issue 15). A SHARED feature (eslint-rules/floors.js): other
 * features call `writeSiteMessage` (site-message-writer.ts) inside their own transactions, so this
 * folder imports only core, db, http, realtime, jobs and the shared features (ledger, language, staff).
 *
 * - Who gets a message: the user row the event belongs to. A demo account is its own user row, so a
 *   demo event's message is the demo account's (book 'demo', `demo: 1`), listed while the customer is
 *   in demo mode; the real account's messages are listed in real mode. Broadcasts go to real
 *   customers only.
 * - Language: recorded per user row (customer-language.ts); a message is rendered once, when written,
 *   in the language its owner last used, and keeps that language.
 * - Once per event: UNIQUE (user_id, kind, reference); replays and re-runs write nothing.
 * - Live: message-push.ts polls committed rows and pushes them on `private:messages`.
 * - `showMsgTime` (otherValue) is the app's switch for showing times; the server always sends them.
 * - Operators: every role reads notices; admin saves, hides and broadcasts (issue 16 adds a content
 *   role that should take these over), each with an audit line.
 */

const pushJobs = new WeakMap<FastifyInstance, ScheduledJob<number>>();

/** The live push of a built app: tests run a poll at once (runNow) instead of waiting for the timer. */
export function messagePushJob(app: FastifyInstance): ScheduledJob<number> | undefined {
  return pushJobs.get(app);
}

export async function messagesFeature(app: FastifyInstance, context: AppContext, hub: RealtimeHub): Promise<void> {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  // The app asks for the red dot at launch and after a language switch: the cheapest moment to learn
  // the customer's language, which their next messages are written in.
  register(account.notReadMessageCount, async ({ context: request }) => {
    await recordRequestLanguage(db, request.user.userId, request);
    return { notReadMessageCount: await unreadCount(db, request.user.userId) };
  });

  register(messages.siteMessageList, async ({ query, context: request }) => {
    await recordRequestLanguage(db, request.user.userId, request);
    return listMessages(db, request.user.userId, query);
  });

  register(messages.siteMessageDetail, async ({ query, context: request }) =>
    readMessage(db, request.user.userId, query.siteMessageId, context.clock()),
  );

  // API-FACTS passes siteMessageId in the query string; a form body is accepted too.
  register(messages.siteMessageMarkRead, async ({ query, body, context: request }) =>
    markRead(db, request.user.userId, query.siteMessageId ?? body.siteMessageId, context.clock()),
  );

  register(messages.noticeList, async ({ query, context: request }) =>
    listNotices(db, request.language, query, context.clock()),
  );

  register(messages.noticeDetail, async ({ query, context: request }) =>
    noticeDetail(db, query.id, request.language, context.clock()),
  );

  // ---- Operator API: staff tokens only. ----
  const operator = operatorRegistrar(app, context);
  // The roles are the endpoints' staffRoles (admin, content), checked by the registrar.

  operator(messages.operatorNotices, async ({ query }) => operatorNotices(db, query));

  operator(messages.operatorNoticeSave, async ({ body, context: request }) =>
    saveNotice(request.user.userId, body, { once: request.once, now: context.clock() }),
  );

  operator(messages.operatorNoticeVisibility, async ({ body, context: request }) =>
    setNoticeVisible(db, request.user.userId, body, context.clock()),
  );

  operator(messages.operatorBroadcast, async ({ body, context: request }) => {
    const answer = await createBroadcast(db, request.user.userId, body, { once: request.once, now: context.clock() });
    // Delivered after the broadcast is committed, batch by batch; a restart mid-way is finished by
    // the resume job. The answer is what once() stored (a replay gets the same).
    await deliverBroadcast(context.database, answer.broadcastId, context.clock);
    return answer;
  });

  await seedNotices(db, context.clock());

  const pusher = new MessagePusher(db, hub);
  app.addHook('onReady', async () => pusher.start());
  pushJobs.set(
    app,
    context.scheduler.addSweep({ name: 'messages.push', intervalMs: PUSH_INTERVAL_MS, run: () => pusher.poll() }),
  );
  context.scheduler.addSweep({
    name: 'messages.broadcast_resume',
    intervalMs: BROADCAST_RESUME_MS,
    run: () => resumeBroadcasts(context.database, context.clock),
  });
}
