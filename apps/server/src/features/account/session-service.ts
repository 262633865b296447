import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Authenticate, SessionUser } from '../../http/route';
import { UnauthorizedError } from '../../core/errors';
import { newToken, sha256Hex } from '../../core/secrets';

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** last_used_at is refreshed at most this often, so reading a page does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(db: Kysely<Database>, userId: number, now: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session_token')
    .values({ token_hash: sha256Hex(token), user_id: userId, created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  return token;
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The token may come with or without "Bearer ". Unknown tokens are anonymous; known but expired ones say so. */
export function sessionAuthenticator(db: Kysely<Database>, clock: () => number): Authenticate {
  return async (authorization) => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const row = await db
      .selectFrom('session_token')
      .innerJoin('user_account', 'user_account.id', 'session_token.user_id')
      // A demo session lives only as long as the real session it was entered from (wallet's changeLoginModel).
      .leftJoin('demo_session', 'demo_session.demo_token_hash', 'session_token.token_hash')
      .leftJoin('session_token as origin', 'origin.token_hash', 'demo_session.real_token_hash')
      .select([
        'session_token.user_id',
        'session_token.created_at',
        'session_token.last_used_at',
        'session_token.revoked_at',
        'user_account.account_type',
        'demo_session.real_token_hash as originTokenHash',
        'origin.revoked_at as originRevokedAt',
        'origin.created_at as originCreatedAt',
      ])
      .where('session_token.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) return null;
    const now = clock();
    if (now - Number(row.last_used_at) > SESSION_IDLE_MS || now - Number(row.created_at) > SESSION_ABSOLUTE_MS) {
      throw new UnauthorizedError('error.session_expired');
    }
    // A logout or a password change of the real account revokes its session; the demo session opened from
    // it ends with it. The origin's idle time does not count: the app does not use it while in demo mode.
    if (
      row.originTokenHash !== null &&
      (row.originRevokedAt !== null ||
        row.originCreatedAt === null ||
        now - Number(row.originCreatedAt) > SESSION_ABSOLUTE_MS)
    ) {
      throw new UnauthorizedError('error.session_expired');
    }
    if (now - Number(row.last_used_at) > TOUCH_INTERVAL_MS) {
      await db.updateTable('session_token').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
    }
    const user: SessionUser = { userId: row.user_id, accountType: row.account_type, tokenHash };
    return user;
  };
}
