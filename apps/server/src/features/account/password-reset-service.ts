import { ACCOUNT_TYPE } from '@kestrel/contract';
import { isValidPassword } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { hashPassword } from '../../core/secrets';
import { contactOf, contactOwner, contactTarget } from './contact';
import { recordSecurityEvent } from './security-log';
import type { SessionOrigin } from './session-origin';
import { revokeUserSessions } from './session-service';
import { sessionsEnded } from '../../core/session-cache';
import { checkCode, spendCode } from './verification-codes';

export interface ResetPasswordInput {
  userAccount: string;
  areaCode: string;
  yzmCode: string;
  newPwd: string;
}

/**
 * `resetPassword`, while logged out: a code of purpose `reset` sent to the account's own email or phone
 * sets a new password, ends every session of the account and the demo sessions entered from them, and
 * clears the login lock. Guesses are bounded by the code's attempts (5, then it is spent). An unknown
 * account is refused exactly like a wrong code: its decoy code (account-service sendCode) was never
 * delivered, so no guess matches.
 */
export async function resetPassword(
  context: AppContext,
  input: ResetPasswordInput,
  origin: SessionOrigin,
): Promise<void> {
  // Checked first, so a weak password costs none of the code's attempts.
  if (!isValidPassword(input.newPwd)) refuse('error.password_rule');
  const contact = contactOf(input.userAccount, input.areaCode);
  if (contact === null) refuse('error.code_invalid');
  const { db } = context.database;
  const now = context.clock();
  const codeId = await checkCode(db, contactTarget(contact), 'reset', input.yzmCode, now);
  const owner = await contactOwner(db, contact);
  if (!owner || owner.account_type !== ACCOUNT_TYPE.real) refuse('error.code_invalid');
  // Hashing takes tens of milliseconds: done before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(input.newPwd);
  try {
    await db.transaction().execute(async (transaction) => {
      await spendCode(transaction, codeId, now);
      await transaction
        .updateTable('user_account')
        .set({ password_hash: passwordHash, failed_login_count: 0, locked_until: null })
        .where('id', '=', owner.id)
        .execute();
      await revokeUserSessions(transaction, owner.id, now);
      await recordSecurityEvent(transaction, { userId: owner.id, kind: 'password_reset', origin, now });
    });
  } finally {
    sessionsEnded(db, { userIds: [owner.id] });
  }
}
