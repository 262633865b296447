import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, bookOf } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../http/route';
import { privateOwner } from '../../realtime/hub';

/**
 * Whose conversation a session talks in: a demo account's is its real owner's (demo_link), so the
 * customer keeps one chat in both modes and staff see one person, not two.
 */
export async function conversationUserOf(db: Kysely<Database>, user: SessionUser): Promise<number> {
  if (user.accountType !== ACCOUNT_TYPE.demo) return user.userId;
  const link = await db
    .selectFrom('demo_link')
    .select('real_user_id')
    .where('demo_user_id', '=', user.userId)
    .executeTakeFirst();
  return link?.real_user_id ?? user.userId;
}

/** Every private owner that shows this conversation: the customer's own and their demo account's. */
export async function privateOwnersOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const [account, link] = await Promise.all([
    db.selectFrom('user_account').select('account_type').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('demo_link').select('demo_user_id').where('real_user_id', '=', userId).executeTakeFirst(),
  ]);
  const owners = [privateOwner(userId, bookOf(account?.account_type ?? ACCOUNT_TYPE.real))];
  if (link) owners.push(privateOwner(link.demo_user_id, 'demo'));
  return owners;
}
