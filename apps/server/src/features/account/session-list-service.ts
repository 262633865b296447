import type { Kysely } from 'kysely';
import type { profile } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import type { SessionUser } from '../../http/route';
import { requireRealAccount } from './real-account';
import { recordSecurityEvent } from './security-log';
import { maskIp, type SessionOrigin } from './session-origin';
import { revokeSessionAndDemos, revokeUserSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-service';
import { sessionsEnded } from '../../core/session-cache';

/** `userSession/list`: the customer's live sessions (not revoked, not expired), most recently used first. */
export async function listSessions(
  context: AppContext,
  session: SessionUser,
  page: PageRequest,
): Promise<{ rows: profile.SessionRecord[]; total: number }> {
  requireRealAccount(session);
  const { db } = context.database;
  const now = context.clock();
  const { rows, total } = await pageWithTotal(
    liveSessionsOf(db, session.userId, now)
      .select(['token_hash', 'public_id', 'created_at', 'last_used_at', 'device_label', 'ip_address'])
      .orderBy('last_used_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('public_id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    liveSessionsOf(db, session.userId, now)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  );
  return {
    rows: rows.map((row) => ({
      sessionId: row.public_id,
      current: row.token_hash === session.tokenHash ? 1 : 0,
      createTime: Number(row.created_at),
      lastUsedTime: Number(row.last_used_at),
      deviceLabel: row.device_label,
      ip: maskIp(row.ip_address),
    })),
    total,
  };
}

function liveSessionsOf(db: Kysely<Database>, userId: number, now: number) {
  return db
    .selectFrom('session_token')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_used_at', '>=', now - SESSION_IDLE_MS)
    .where('created_at', '>=', now - SESSION_ABSOLUTE_MS);
}

/** `userSession/revokeOthers`: "log out other devices"; this session and its demo sessions stay. */
export async function revokeOtherSessions(
  context: AppContext,
  session: SessionUser,
  origin: SessionOrigin,
): Promise<{ revoked: number }> {
  requireRealAccount(session);
  const now = context.clock();
  const { db } = context.database;
  try {
    const revoked = await db.transaction().execute(async (transaction) => {
      const ended = await revokeUserSessions(transaction, session.userId, now, session.tokenHash);
      if (ended > 0) {
        await recordSecurityEvent(transaction, {
          userId: session.userId,
          kind: 'sessions_revoked',
          detail: String(ended),
          origin,
          now,
        });
      }
      return ended;
    });
    return { revoked };
  } finally {
    // This session too: forgetting more than what ended only costs it one read.
    sessionsEnded(db, { userIds: [session.userId] });
  }
}

/** `userSession/revoke`: ends one of the customer's own sessions by its public id (the current one too: a logout). */
export async function revokeOneSession(
  context: AppContext,
  session: SessionUser,
  sessionId: string,
  origin: SessionOrigin,
): Promise<{ revoked: number }> {
  requireRealAccount(session);
  const { db } = context.database;
  const now = context.clock();
  const target = await db
    .selectFrom('session_token')
    .select('token_hash')
    .where('public_id', '=', sessionId)
    .where('user_id', '=', session.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  // Someone else's session reads exactly like a missing one.
  if (!target) refuse('error.session_not_found');
  try {
    await db.transaction().execute(async (transaction) => {
      const ended = await revokeSessionAndDemos(transaction, target.token_hash, now);
      // Revoked by a parallel request meanwhile: refusing rolls this transaction back, so nothing is logged twice.
      if (ended === 0) refuse('error.session_not_found');
      await recordSecurityEvent(transaction, {
        userId: session.userId,
        kind: 'sessions_revoked',
        detail: '1',
        origin,
        now,
      });
    });
  } finally {
    sessionsEnded(db, { tokenHashes: [target.token_hash] });
  }
  return { revoked: 1 };
}
