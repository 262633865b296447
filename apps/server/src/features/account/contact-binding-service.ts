import type { Selectable } from 'kysely';
import type { UserInfo } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import type { UserAccountTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { isUniqueViolation } from '../../core/database-errors';
import type { SessionUser } from '../../http/route';
import { findUserInfo, validateEmail, validatePhone } from './account-service';
import { contactOwner, contactTarget, phoneAccount, type Contact } from './contact';
import { requireRealAccount } from './real-account';
import { maskEmail } from '@kestrel/domain';
import { maskPhone, recordSecurityEvent } from './security-log';
import type { SessionOrigin } from './session-origin';
import { checkCode, spendCode } from './verification-codes';

/**
 * `bindEmail` / `bindPhone`: binds or changes a contact with a code of purpose `bind` sent to that NEW
 * contact (a code sent anywhere else does not match). When the contact is the kind the customer
 * registered with, it is also the login name, so the login changes with it. A contact another account
 * uses is refused; the check before the code and the unique indexes at the write both refuse it, so of
 * two racing binds one wins and the other is refused with nothing changed.
 */
export async function bindContact(
  context: AppContext,
  session: SessionUser,
  contact: Contact,
  code: string,
  origin: SessionOrigin,
): Promise<UserInfo> {
  requireRealAccount(session);
  if (contact.kind === 'email') validateEmail(contact.email);
  else validatePhone(contact.areaCode, contact.phone);
  const { db } = context.database;
  const inUse = contact.kind === 'email' ? 'error.email_in_use' : 'error.phone_in_use';
  const user = await db
    .selectFrom('user_account')
    .selectAll()
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (isOwnContact(user, contact)) refuse('error.already_bound');
  const owner = await contactOwner(db, contact);
  if (owner && owner.id !== user.id) refuse(inUse);

  const now = context.clock();
  const codeId = await checkCode(db, contactTarget(contact), 'bind', code, now);
  const changesLogin = loginKind(user.user_account) === contact.kind;
  try {
    await db.transaction().execute(async (transaction) => {
      await spendCode(transaction, codeId, now);
      const values =
        contact.kind === 'email'
          ? { email: contact.email, ...(changesLogin ? { user_account: contact.email } : {}) }
          : {
              area_code: contact.areaCode,
              phone: contact.phone,
              ...(changesLogin ? { user_account: phoneAccount(contact.areaCode, contact.phone) } : {}),
            };
      await transaction.updateTable('user_account').set(values).where('id', '=', user.id).execute();
      await recordSecurityEvent(transaction, {
        userId: user.id,
        kind: contact.kind === 'email' ? 'email_bound' : 'phone_bound',
        detail: contact.kind === 'email' ? maskEmail(contact.email) : maskPhone(contact.areaCode, contact.phone),
        origin,
        now,
      });
    });
  } catch (error) {
    // Another account took the contact between the check and the write: the whole change rolled back.
    if (isUniqueViolation(error)) refuse(inUse);
    throw error;
  }
  return findUserInfo(db, user.id);
}

function isOwnContact(user: Selectable<UserAccountTable>, contact: Contact): boolean {
  return contact.kind === 'email'
    ? user.email === contact.email
    : user.area_code === contact.areaCode && user.phone === contact.phone;
}

/** Which contact the login name is: the customer registered with an email or with a phone. */
function loginKind(userAccount: string): Contact['kind'] | null {
  if (userAccount.includes('@')) return 'email';
  if (/^\d{1,4}-\d+$/.test(userAccount)) return 'phone';
  return null;
}
