import { ACCOUNT_TYPE } from '@kestrel/contract';
import type { Kysely, Selectable } from 'kysely';
import type { UserInfo } from '@kestrel/contract';
import { isEmail, isInternationalPhone, isMainlandPhone, isValidPassword } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database, UserAccountTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { switchIsOn } from '../../core/switches';
import { refuseSuspendedCustomer } from '../../core/customer-suspension';
import { checkGuardedSecret, loginAttempts, refuseLoginLocked } from '../../core/attempt-guard';
import { decoyPasswordHash, hashPassword, newInviteCode, verifyPassword } from '../../core/secrets';
import { isUniqueViolation } from '../../core/database-errors';
import { createSession, revokeUserSessions } from './session-service';
import { sessionsEnded } from '../../core/session-cache';
import { checkCode, issueCode, spendCode, type CodePurpose } from './verification-codes';
import { contactOf, contactOwner, contactTarget, phoneAccount, type Contact } from './contact';
import { recordSecurityEvent } from './security-log';
import { UNKNOWN_ORIGIN, type SessionOrigin } from './session-origin';
import { insertUserAccount } from './new-user-account';

export { phoneAccount } from './contact';

export const LOGIN_FAILURES_MAX = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
const LOGIN_ATTEMPTS = loginAttempts('user_account', { attemptsMax: LOGIN_FAILURES_MAX, lockMs: LOGIN_LOCK_MS });

/** A guess at the customer's password, counted toward the login lock (sign-in and the old password of a change). */
async function checkLoginPassword(
  db: Kysely<Database>,
  user: { id: number; password_hash: string },
  password: string,
  now: number,
  wrongKey: 'error.invalid_credentials' | 'error.wrong_old_password',
): Promise<void> {
  await checkGuardedSecret(db, LOGIN_ATTEMPTS, user.id, now, () => verifyPassword(user.password_hash, password), {
    locked: (lockedUntil) => refuseLoginLocked(lockedUntil, now),
    wrong: () => refuse(wrongKey),
  });
}

const MAINLAND_AREA_CODE = '86';

export function validatePhone(areaCode: string, phone: string): void {
  const valid = areaCode === MAINLAND_AREA_CODE ? isMainlandPhone(phone) : isInternationalPhone(phone);
  if (!valid) refuse('error.phone_invalid');
}

export function validateEmail(email: string): void {
  if (!isEmail(email)) refuse('error.email_invalid');
}

/**
 * Sends a code to a contact. A register or bind code for a contact another account uses is refused. A
 * reset code is issued whether or not an account uses the contact, but delivered only when a real
 * account does: the answer, the resend timer, expiry and the guess count all behave the same either
 * way, so the call never tells whether an account exists.
 */
export async function sendCode(
  context: AppContext,
  input: { contact: Contact; channel: 'email' | 'sms'; purpose: CodePurpose; notifyTo: string },
): Promise<void> {
  const { db } = context.database;
  const owner = await contactOwner(db, input.contact);
  if (input.purpose === 'register' && owner) refuse('error.account_exists');
  if (input.purpose === 'bind' && owner) {
    refuse(input.contact.kind === 'email' ? 'error.email_in_use' : 'error.phone_in_use');
  }
  const now = context.clock();
  const code = await issueCode(db, contactTarget(input.contact), input.purpose, now);
  if (input.purpose === 'reset' && owner?.account_type !== ACCOUNT_TYPE.real) return;
  await context.notifier.send({ to: input.notifyTo, code, purpose: input.purpose, channel: input.channel }, now);
}

export interface RegisterInput {
  regType: number;
  userAccount: string;
  areaCode: string;
  userPwd: string;
  yzmCode: string;
  inviteCode?: string;
}

export async function registerCustomer(
  context: AppContext,
  input: RegisterInput,
  origin: SessionOrigin = UNKNOWN_ORIGIN,
): Promise<{ token: string; userInfo: UserInfo }> {
  const { db } = context.database;
  const byEmail = input.regType === 1;
  const email = byEmail ? input.userAccount.toLowerCase() : null;
  if (email !== null) validateEmail(email);
  else validatePhone(input.areaCode, input.userAccount);
  const account = email ?? phoneAccount(input.areaCode, input.userAccount);
  if (!isValidPassword(input.userPwd)) refuse('error.password_rule');

  let inviterId: number | null = null;
  const inviteCode = input.inviteCode?.toUpperCase();
  if (inviteCode) {
    // A demo account's code names the customer who owns it: the team and its commissions are the real
    // account's (issue 14), so the newcomer joins that one.
    const inviter = await db
      .selectFrom('user_account')
      .leftJoin('demo_link', 'demo_link.demo_user_id', 'user_account.id')
      .select(['user_account.id', 'demo_link.real_user_id'])
      .where('user_account.invite_code', '=', inviteCode)
      .executeTakeFirst();
    if (!inviter) refuse('error.invite_code_invalid');
    inviterId = inviter.real_user_id ?? inviter.id;
  } else if (await switchIsOn(db, 'invite_code_required')) {
    refuse('error.invite_code_required');
  }
  const contact: Contact =
    email !== null ? { kind: 'email', email } : { kind: 'phone', areaCode: input.areaCode, phone: input.userAccount };
  // Another account may use this contact as its login or as a bound email or phone.
  if (await contactOwner(db, contact)) refuse('error.account_exists');

  const now = context.clock();
  const codeId = await checkCode(db, account, 'register', input.yzmCode, now);
  // Hashing takes tens of milliseconds: done before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(input.userPwd);

  try {
    return await insertCustomer();
  } catch (error) {
    // A bind of the same contact by another account committed first: the unique indexes decide the race.
    if (isUniqueViolation(error)) refuse('error.account_exists');
    throw error;
  }

  async function insertCustomer() {
    return db.transaction().execute(async (transaction) => {
      await spendCode(transaction, codeId, now);
      const again = await transaction
        .selectFrom('user_account')
        .select('id')
        .where('user_account', '=', account)
        .executeTakeFirst();
      if (again) refuse('error.account_exists');
      const userId = await insertUserAccount(transaction, {
        user_account: account,
        email,
        phone: email === null ? input.userAccount : null,
        area_code: email === null ? input.areaCode : null,
        password_hash: passwordHash,
        nick_name: defaultNickName(account),
        avatar: '',
        account_type: ACCOUNT_TYPE.real,
        invite_code: await uniqueInviteCode(transaction),
        inviter_id: inviterId,
        created_at: now,
      });
      const token = await createSession(transaction, userId, now, origin);
      const user = await transaction
        .selectFrom('user_account')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { token, userInfo: userInfoView(user) };
    });
  }
}

/** Masks most of the account so a nickname shown to others does not reveal an email or phone. */
function defaultNickName(account: string): string {
  const visible = account.replace(/@.*/, '').replace(/^\d+-/, '');
  return visible.length <= 4 ? `${visible}***` : `${visible.slice(0, 2)}***${visible.slice(-2)}`;
}

async function uniqueInviteCode(db: Kysely<Database>): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = newInviteCode();
    const taken = await db.selectFrom('user_account').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('could not find a free invite code in 8 attempts');
}

/** Accepts "area-number", a bare mainland number, or an email. */
function accountCandidates(userAccount: string): string[] {
  const trimmed = userAccount.trim();
  if (trimmed.includes('@')) return [trimmed.toLowerCase()];
  if (/^\d{6,15}$/.test(trimmed)) return [phoneAccount(MAINLAND_AREA_CODE, trimmed), trimmed];
  return [trimmed];
}

/** The account a login names: by its login name first, else by a bound email or phone. */
async function findLoginAccount(
  db: Kysely<Database>,
  userAccount: string,
): Promise<Selectable<UserAccountTable> | undefined> {
  const byLoginName = await db
    .selectFrom('user_account')
    .selectAll()
    .where('user_account', 'in', accountCandidates(userAccount))
    .executeTakeFirst();
  if (byLoginName) return byLoginName;
  const contact = contactOf(userAccount, MAINLAND_AREA_CODE);
  return contact ? contactOwner(db, contact) : undefined;
}

export async function login(
  context: AppContext,
  userAccount: string,
  password: string,
  origin: SessionOrigin = UNKNOWN_ORIGIN,
): Promise<{ token: string; userInfo: UserInfo }> {
  const { db } = context.database;
  const user = await findLoginAccount(db, userAccount);
  const now = context.clock();
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), password);
    refuse('error.invalid_credentials');
  }
  // The attempt is counted before the slow hash check, so parallel guesses cannot outrun the lock.
  await checkLoginPassword(db, user, password, now, 'error.invalid_credentials');
  // An operator's lock (features/customer-care) is told only to whoever knows the password.
  await refuseSuspendedCustomer(db, user.id);
  const token = await db.transaction().execute(async (transaction) => {
    await recordSecurityEvent(transaction, { userId: user.id, kind: 'login', origin, now });
    return createSession(transaction, user.id, now, origin);
  });
  return { token, userInfo: userInfoView(user) };
}

/**
 * Changes the password and answers a fresh token for this device: every session of the customer
 * (this one's old token included) and every demo session entered from one of them ends.
 */
export async function changePassword(
  context: AppContext,
  userId: number,
  oldPassword: string,
  newPassword: string,
  origin: SessionOrigin = UNKNOWN_ORIGIN,
): Promise<string> {
  const { db } = context.database;
  const user = await db.selectFrom('user_account').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  // The old password is a guessable secret too: its wrong guesses count toward the login lock.
  const now = context.clock();
  await checkLoginPassword(db, user, oldPassword, now, 'error.wrong_old_password');
  if (oldPassword === newPassword) refuse('error.same_password');
  if (!isValidPassword(newPassword)) refuse('error.password_rule');
  const passwordHash = await hashPassword(newPassword);
  try {
    return await db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable('user_account')
        .set({ password_hash: passwordHash })
        .where('id', '=', userId)
        .execute();
      await revokeUserSessions(transaction, userId, now);
      await recordSecurityEvent(transaction, { userId, kind: 'password_changed', origin, now });
      return createSession(transaction, userId, now, origin);
    });
  } finally {
    sessionsEnded(db, { userIds: [userId] });
  }
}

export async function findUserInfo(db: Kysely<Database>, userId: number): Promise<UserInfo> {
  const user = await db.selectFrom('user_account').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return userInfoView(user);
}

export function userInfoView(user: Selectable<UserAccountTable>): UserInfo {
  return {
    id: user.id,
    userAccount: user.user_account,
    email: user.email,
    phone: user.phone,
    areaCode: user.area_code,
    nickName: user.nick_name,
    avatar: user.avatar,
    accountType: user.account_type,
    inviteCode: user.invite_code,
    createTime: Number(user.created_at),
  };
}
