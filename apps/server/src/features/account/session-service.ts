import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Authenticate, SessionUser } from '../../http/route';
import { UnauthorizedError } from '../../core/errors';
import { newToken, sha256Hex } from '../../core/secrets';
import { randomBytes } from 'node:crypto';
import { UNKNOWN_ORIGIN, type SessionOrigin } from './session-origin';
import { sessionCacheOf, type CachedSession } from '../../core/session-cache';

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** last_used_at is refreshed at most this often, so reading a page does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Opens a session and answers its token. The origin is where it began, for the customer's session list. */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now: number,
  origin: SessionOrigin = UNKNOWN_ORIGIN,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session_token')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
      // 128 random bits: the customer names a session by it, and it says nothing about the token.
      public_id: randomBytes(16).toString('hex'),
      device_label: origin.deviceLabel,
      ip_address: origin.ip,
    })
    .execute();
  return token;
}

/** Ends one session. The caller tells the session cache after the commit (session-cache.ts sessionsEnded). */
export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends a customer's sessions (all of them, or all but `keepTokenHash`) and every demo session entered
 * from one of them, in the caller's transaction. The authenticator already refuses a demo session whose
 * origin is revoked; revoking the demo sessions too keeps the rows telling the truth. Answers how many
 * of the customer's own sessions ended. The caller tells the session cache after the commit.
 */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  now: number,
  keepTokenHash: string | null = null,
): Promise<number> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('token_hash', 'in', (eb) => {
      const origins = eb
        .selectFrom('demo_session')
        .innerJoin('session_token as origin', 'origin.token_hash', 'demo_session.real_token_hash')
        .select('demo_session.demo_token_hash')
        .where('origin.user_id', '=', userId);
      return keepTokenHash === null ? origins : origins.where('origin.token_hash', '!=', keepTokenHash);
    })
    .execute();
  let own = db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash !== null) own = own.where('token_hash', '!=', keepTokenHash);
  const ended = await own.executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/** Ends one session and the demo sessions entered from it ("log out this device"); the caller tells the cache after the commit. */
export async function revokeSessionAndDemos(db: Kysely<Database>, tokenHash: string, now: number): Promise<number> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('token_hash', 'in', (eb) =>
      eb.selectFrom('demo_session').select('demo_token_hash').where('real_token_hash', '=', tokenHash),
    )
    .execute();
  const ended = await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/**
 * The token may come with or without "Bearer ". Unknown tokens are anonymous; known but expired ones say
 * so. A live session is remembered for a few seconds (session-cache.ts), so most requests do not read
 * the database for it; every path that ends sessions tells the cache after its commit.
 */
export function sessionAuthenticator(db: Kysely<Database>, clock: () => number): Authenticate {
  const cache = sessionCacheOf(db, clock);
  return async (authorization) => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const now = clock();
    let session = cache.get(tokenHash);
    if (!session) {
      const version = cache.version;
      const read = await readLiveSession(db, tokenHash, now);
      if (!read) return null;
      refuseExpired(read, now);
      cache.store(read, version);
      session = read;
    }
    refuseExpired(session, now);
    if (now - session.lastUsedAt > TOUCH_INTERVAL_MS) {
      session.lastUsedAt = now;
      await db.updateTable('session_token').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
    }
    const user: SessionUser = { userId: session.userId, accountType: session.accountType, tokenHash };
    return user;
  };
}

/** Idle too long, or past its absolute age, or (a demo session) its origin past its own: expired. */
function refuseExpired(session: CachedSession, now: number): void {
  if (
    now - session.lastUsedAt > SESSION_IDLE_MS ||
    now - session.createdAt > SESSION_ABSOLUTE_MS ||
    // The origin's idle time does not count: the app does not use it while in demo mode.
    (session.origin !== null && now - session.origin.createdAt > SESSION_ABSOLUTE_MS)
  ) {
    throw new UnauthorizedError('error.session_expired');
  }
}

/**
 * The session of a token hash from the database: null for an unknown or revoked token (anonymous),
 * refused as expired when it ended with its origin or its customer is suspended. Expiry by time is the
 * caller's check (refuseExpired), the same for a cached session.
 */
async function readLiveSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<CachedSession | null> {
  const row = await db
    .selectFrom('session_token')
    .innerJoin('user_account', 'user_account.id', 'session_token.user_id')
    // A demo session lives only as long as the real session it was entered from (wallet's changeLoginModel).
    .leftJoin('demo_session', 'demo_session.demo_token_hash', 'session_token.token_hash')
    .leftJoin('session_token as origin', 'origin.token_hash', 'demo_session.real_token_hash')
    // An operator's lock (features/customer-care) ends the customer's sessions; one opened in a race with it is refused here.
    .leftJoin('customer_operator_lock as suspension', 'suspension.user_id', 'session_token.user_id')
    .select([
      'session_token.user_id',
      'session_token.created_at',
      'session_token.last_used_at',
      'session_token.revoked_at',
      'user_account.account_type',
      'demo_session.real_token_hash as originTokenHash',
      'origin.user_id as originUserId',
      'origin.revoked_at as originRevokedAt',
      'origin.created_at as originCreatedAt',
      'suspension.user_id as suspendedUserId',
    ])
    .where('session_token.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  // A logout or a password change of the real account revokes its session; the demo session opened from
  // it ends with it.
  const originEnded =
    row.originTokenHash !== null &&
    (row.originRevokedAt !== null ||
      row.originCreatedAt === null ||
      now - Number(row.originCreatedAt) > SESSION_ABSOLUTE_MS);
  // A password change or reset revokes the demo sessions too; they still read as expired, not as
  // never logged in, like every session that ended with its real one.
  if (row.revoked_at !== null) {
    if (originEnded) throw new UnauthorizedError('error.session_expired');
    return null;
  }
  if (originEnded || row.suspendedUserId !== null) throw new UnauthorizedError('error.session_expired');
  return {
    userId: row.user_id,
    accountType: row.account_type,
    tokenHash,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
    origin:
      row.originTokenHash === null || row.originUserId === null || row.originCreatedAt === null
        ? null
        : { tokenHash: row.originTokenHash, userId: row.originUserId, createdAt: Number(row.originCreatedAt) },
  };
}
