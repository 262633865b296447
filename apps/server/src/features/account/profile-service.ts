import type { Kysely, Updateable } from 'kysely';
import { profile, type UserInfo } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import type { Database, UserAccountTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { fileKeyFrom, isUploadOf } from '../../core/uploads';
import type { SessionUser } from '../../http/route';
import { findUserInfo } from './account-service';
import { requireRealAccount } from './real-account';
import { recordSecurityEvent } from './security-log';
import type { SessionOrigin } from './session-origin';

/** `modifyUserInfo`: a new nickname (profile.isValidNickName), copied to the linked demo account. */
export async function changeNickName(
  context: AppContext,
  session: SessionUser,
  nickName: string,
  origin: SessionOrigin,
): Promise<UserInfo> {
  requireRealAccount(session);
  const trimmed = nickName.trim();
  if (!profile.isValidNickName(trimmed)) refuse('error.nickname_invalid');
  const { db } = context.database;
  const now = context.clock();
  await db.transaction().execute(async (transaction) => {
    await updateFace(transaction, session.userId, { nick_name: trimmed });
    await recordSecurityEvent(transaction, {
      userId: session.userId,
      kind: 'nickname_changed',
      detail: trimmed,
      origin,
      now,
    });
  });
  return findUserInfo(db, session.userId);
}

/**
 * `modifyAvatar`: an image the customer uploaded (`common/upload` checked its type and size), named by
 * its key or the URL the upload answered. Another customer's upload reads exactly like a missing one.
 */
export async function changeAvatar(
  context: AppContext,
  session: SessionUser,
  avatar: string,
  origin: SessionOrigin,
): Promise<{ avatar: string }> {
  requireRealAccount(session);
  const { db } = context.database;
  const key = fileKeyFrom(avatar);
  if (key === null || !(await isUploadOf(db, session.userId, key))) refuse('error.avatar_not_found');
  const url = `/uploads/${key}`;
  const now = context.clock();
  await db.transaction().execute(async (transaction) => {
    await updateFace(transaction, session.userId, { avatar: url });
    await recordSecurityEvent(transaction, { userId: session.userId, kind: 'avatar_changed', origin, now });
  });
  return { avatar: url };
}

/** The nickname and avatar are the person's: the linked demo account shows the same. */
async function updateFace(
  transaction: Kysely<Database>,
  userId: number,
  face: Pick<Updateable<UserAccountTable>, 'nick_name' | 'avatar'>,
): Promise<void> {
  await transaction.updateTable('user_account').set(face).where('id', '=', userId).execute();
  await transaction
    .updateTable('user_account')
    .set(face)
    .where('id', 'in', (eb) => eb.selectFrom('demo_link').select('demo_user_id').where('real_user_id', '=', userId))
    .execute();
}
