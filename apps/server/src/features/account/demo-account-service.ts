import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, CONSTANTS, type UserInfo } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { insertUserAccount } from './new-user-account';
import { refuse, UnauthorizedError } from '../../core/errors';
import type { SessionUser } from '../../http/route';
import { findUserInfo } from './account-service';
import { newInviteCode, sha256Hex } from '../../core/secrets';
import { createSession, revokeSession, SESSION_ABSOLUTE_MS } from './session-service';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import { isUniqueViolation } from '../../core/database-errors';
import { UNKNOWN_ORIGIN, type SessionOrigin } from './session-origin';
import { sessionsEnded } from '../../core/session-cache';

/** API-FACTS: a demo account starts with 10000 (USDT, id 3). */
export const DEMO_OPENING_BALANCE = '10000';
export const DEMO_OPENING_REASON = 'demo.opening_balance';

/** Not an Argon2 hash, so no password ever verifies: a demo account is entered only through changeLoginModel. */
const NO_PASSWORD = '!demo-account-has-no-password';
const INVITE_CODE_ATTEMPTS_MAX = 8;

/**
 * `changeLoginModel`: from a real account, enter its demo account (created the first time); from a
 * demo account, go back to the real one. Either way a new session for the other account is answered.
 */
export async function changeLoginModel(
  context: AppContext,
  session: SessionUser,
  origin: SessionOrigin = UNKNOWN_ORIGIN,
): Promise<{ token: string; userInfo: UserInfo }> {
  if (session.accountType === ACCOUNT_TYPE.real) return enterDemo(context, session, origin);
  if (session.accountType === ACCOUNT_TYPE.demo) return leaveDemo(context, session, origin);
  return refuse('error.invalid_account_type');
}

async function enterDemo(
  context: AppContext,
  session: SessionUser,
  origin: SessionOrigin,
): Promise<{ token: string; userInfo: UserInfo }> {
  const { db } = context.database;
  const now = context.clock();
  const demoUserId = (await linkedDemoUser(db, session.userId)) ?? (await createDemoAccount(context, session.userId));
  // The real session stays valid (the app drops its token): it is the origin that leaveDemo checks and replaces.
  const token = await db.transaction().execute(async (transaction) => {
    const demoToken = await createSession(transaction, demoUserId, now, origin);
    await transaction
      .insertInto('demo_session')
      .values({ demo_token_hash: sha256Hex(demoToken), real_token_hash: session.tokenHash, created_at: now })
      .execute();
    return demoToken;
  });
  return { token, userInfo: await findUserInfo(db, demoUserId) };
}

/**
 * The way back is open only while the real session the demo was entered from is still valid: a
 * password change or a logout of the real account ends it, and with it every demo session opened from
 * it, so a demo session can never outlive the real login it came from.
 */
async function leaveDemo(
  context: AppContext,
  session: SessionUser,
  device: SessionOrigin,
): Promise<{ token: string; userInfo: UserInfo }> {
  const { db } = context.database;
  const now = context.clock();
  const link = await db
    .selectFrom('demo_link')
    .select('real_user_id')
    .where('demo_user_id', '=', session.userId)
    .executeTakeFirst();
  const origin = await db
    .selectFrom('demo_session')
    .innerJoin('session_token', 'session_token.token_hash', 'demo_session.real_token_hash')
    .select([
      'demo_session.real_token_hash',
      'session_token.user_id',
      'session_token.created_at',
      'session_token.revoked_at',
    ])
    .where('demo_session.demo_token_hash', '=', session.tokenHash)
    .executeTakeFirst();
  const originValid =
    link !== undefined &&
    origin !== undefined &&
    origin.user_id === link.real_user_id &&
    origin.revoked_at === null &&
    now - Number(origin.created_at) <= SESSION_ABSOLUTE_MS;
  if (!link || !origin || !originValid) {
    try {
      await revokeSession(db, session.tokenHash, now);
    } finally {
      sessionsEnded(db, { tokenHashes: [session.tokenHash] });
    }
    throw new UnauthorizedError('error.session_expired');
  }
  const endedSessions = { tokenHashes: [session.tokenHash, origin.real_token_hash] };
  const token = await db
    .transaction()
    .execute(async (transaction) => {
      // Ending the demo session first, conditionally, makes the way back single-use under concurrency.
      const ended = await transaction
        .updateTable('session_token')
        .set({ revoked_at: now })
        .where('token_hash', '=', session.tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (ended.numUpdatedRows === 0n) throw new UnauthorizedError('error.session_expired');
      // The new token replaces the one the demo was entered from.
      await revokeSession(transaction, origin.real_token_hash, now);
      return createSession(transaction, link.real_user_id, now, device);
    })
    .finally(() => sessionsEnded(db, endedSessions));
  return { token, userInfo: await findUserInfo(db, link.real_user_id) };
}

async function linkedDemoUser(db: Kysely<Database>, realUserId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('demo_link')
    .select('demo_user_id')
    .where('real_user_id', '=', realUserId)
    .executeTakeFirst();
  return row?.demo_user_id;
}

/**
 * Creates the demo customer, its link and its opening balance in one transaction. Two first calls at
 * once both try; the link's primary key lets one win, and the other rolls back whole and uses the winner's.
 */
async function createDemoAccount(context: AppContext, realUserId: number): Promise<number> {
  const { db } = context.database;
  const now = context.clock();
  try {
    return await db.transaction().execute(async (transaction) => {
      const real = await transaction
        .selectFrom('user_account')
        .select(['nick_name', 'avatar'])
        .where('id', '=', realUserId)
        .executeTakeFirstOrThrow();
      const demoUserId = await insertUserAccount(transaction, {
        // Not an email or a phone, so it can never be registered or logged in to.
        user_account: `demo-${realUserId}`,
        // The link names the person; contact details stay on the real account only, so no lookup
        // by email or phone can ever land on the demo account.
        email: null,
        phone: null,
        area_code: null,
        password_hash: NO_PASSWORD,
        nick_name: real.nick_name,
        avatar: real.avatar,
        account_type: ACCOUNT_TYPE.demo,
        invite_code: await unusedInviteCode(transaction),
        inviter_id: null,
        created_at: now,
      });
      await transaction
        .insertInto('demo_link')
        .values({ real_user_id: realUserId, demo_user_id: demoUserId, created_at: now })
        .execute();
      await creditOpeningBalance(transaction, demoUserId, now);
      return demoUserId;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await linkedDemoUser(db, realUserId);
    if (winner === undefined) throw error;
    return winner;
  }
}

/** 10,000 demo USDT from the demo issuance account: both sides in the demo book, so it can never leave it. */
async function creditOpeningBalance(transaction: Kysely<Database>, demoUserId: number, now: number): Promise<void> {
  const usdt = CONSTANTS.usdtCurrencyId;
  const currency = await transaction
    .selectFrom('platform_currency')
    .select('scale')
    .where('id', '=', usdt)
    .executeTakeFirstOrThrow();
  const amount = parseDecimal(DEMO_OPENING_BALANCE, currency.scale);
  const issuance = await accountId(transaction, platformAccount('demo', usdt, PLATFORM_ACCOUNTS.demoIssuance));
  const available = await accountId(transaction, {
    userId: demoUserId,
    book: 'demo',
    currencyId: usdt,
    kind: 'available',
  });
  await postEntry(
    transaction,
    {
      reasonCode: DEMO_OPENING_REASON,
      referenceType: 'demo_account',
      referenceId: String(demoUserId),
      actorType: 'system',
      actorId: 'demo-account',
      memo: 'Demo funds: not real money',
      tickId: null,
      tickSource: null,
      postings: [
        { accountId: issuance, currencyId: usdt, amount: -amount },
        { accountId: available, currencyId: usdt, amount },
      ],
    },
    now,
  );
}

async function unusedInviteCode(db: Kysely<Database>): Promise<string> {
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS_MAX; attempt += 1) {
    const code = newInviteCode();
    const taken = await db.selectFrom('user_account').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error(`could not find a free invite code in ${INVITE_CODE_ATTEMPTS_MAX} attempts`);
}
