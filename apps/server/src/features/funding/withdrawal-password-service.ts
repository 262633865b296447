import { isValidPassword } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/secrets';
import {
  guessWithdrawalSecret,
  recordWithdrawalPasswordFailure,
  refuseWhileWithdrawalLocked,
} from './withdrawal-password';

/**
 * `updateUserWithPwd`: sets the withdrawal password the first time (proved by the LOGIN password) and
 * changes it afterwards (proved by the current withdrawal password). The new one follows the SPEC §5
 * password rule and must differ from the login password, so one stolen password is not both.
 * Every wrong old password counts toward the same 24-hour lock as wrong passwords at withdrawal
 * (features/funding), so this call is no second oracle for guessing either password. Hashing (Argon2id) happens before any write, and the write is a compare-and-set on the hash
 * that was verified, so two concurrent changes cannot both succeed.
 */
export async function updateWithdrawalPassword(
  context: AppContext,
  userId: number,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { db } = context.database;
  const now = context.clock();
  await refuseWhileWithdrawalLocked(db, userId, now);
  if (!isValidPassword(newPassword)) refuse('error.password_rule');

  const user = await db
    .selectFrom('user_account')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const current = await db
    .selectFrom('withdrawal_password')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const provingHash = current?.password_hash ?? user.password_hash;
  await guessWithdrawalSecret(db, userId, now, () => verifyPassword(provingHash, oldPassword));

  if (await verifyPassword(user.password_hash, newPassword)) refuse('error.withdrawal_password_same_as_login');
  if (current && oldPassword === newPassword) refuse('error.same_password');
  const passwordHash = await hashPassword(newPassword);

  if (current) {
    const changed = await db
      .updateTable('withdrawal_password')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('user_id', '=', userId)
      .where('password_hash', '=', current.password_hash)
      .executeTakeFirst();
    // Someone changed it between our read and this write: the old password proved here is no longer current.
    if (changed.numUpdatedRows === 0n) await recordWithdrawalPasswordFailure(db, userId, now);
    return;
  }
  const inserted = await db
    .insertInto('withdrawal_password')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  // A concurrent first set won: this request proved the login password, which no longer proves anything here.
  if (inserted.numInsertedOrUpdatedRows === 0n) await recordWithdrawalPasswordFailure(db, userId, now);
}
